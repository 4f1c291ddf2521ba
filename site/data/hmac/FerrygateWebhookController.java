// FerrygateWebhookController.java: verify Ferrygate-Signature in Spring Boot (Java 17+)
package com.example.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class FerrygateWebhookController {

    private static final long TOLERANCE_SECONDS = 300;
    private final byte[] secret;

    // application.properties: ferrygate.signing-secret=${FERRYGATE_SIGNING_SECRET}
    public FerrygateWebhookController(@Value("${ferrygate.signing-secret}") String secret) {
        if (secret.isEmpty()) throw new IllegalStateException("ferrygate.signing-secret is not set");
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
    }

    // byte[] gets the raw body: don't bind the request to a DTO before verifying it.
    @PostMapping("/webhooks")
    public ResponseEntity<Void> receive(
            @RequestHeader(value = "Ferrygate-Signature", required = false) String signature,
            @RequestBody(required = false) byte[] body) throws GeneralSecurityException {
        byte[] raw = body == null ? new byte[0] : body;
        if (!verify(signature, raw, secret, Instant.now().getEpochSecond())) {
            return ResponseEntity.status(401).build();
        }
        // Verified: parse raw with Jackson's ObjectMapper and handle the event.
        return ResponseEntity.noContent().build();
    }

    /** header: "t=<unix>,v1=<hex>[,v1=<hex>]"; body: the exact bytes received. */
    static boolean verify(String header, byte[] body, byte[] secret, long now) throws GeneralSecurityException {
        if (header == null || header.isEmpty()) return false;
        String timestamp = "";
        List<String> signatures = new ArrayList<>();
        for (String part : header.split(",")) {
            String[] kv = part.trim().split("=", 2);
            if (kv.length != 2) continue;
            if (kv[0].equals("t")) timestamp = kv[1];
            else if (kv[0].equals("v1")) signatures.add(kv[1]);
        }
        if (!timestamp.matches("[0-9]{1,12}") || signatures.isEmpty()) return false;
        if (Math.abs(now - Long.parseLong(timestamp)) > TOLERANCE_SECONDS) return false; // too old or from the future

        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret, "HmacSHA256"));
        mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
        byte[] expected = mac.doFinal(body); // the raw bytes, exactly as received

        // During a secret rotation there are two v1 values: accept either.
        for (String candidate : signatures) {
            byte[] given;
            try {
                given = HexFormat.of().parseHex(candidate);
            } catch (IllegalArgumentException notHex) {
                continue;
            }
            if (MessageDigest.isEqual(expected, given)) return true; // constant-time
        }
        return false;
    }
}
