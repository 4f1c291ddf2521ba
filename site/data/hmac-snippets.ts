/**
 * Ferrygate-Signature verifiers for the code tabs on /hmac-verification.
 *
 * Every snippet is a complete receiver for the scheme in docs/facts.md:
 * `Ferrygate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{raw body}">`, with a
 * 5-minute timestamp tolerance, a constant-time comparison and support for the two `v1=`
 * values sent during a secret rotation. They are plain template literals, so a backslash,
 * a backtick or a dollar-brace inside the code is escaped here.
 */
import type { CodeSample } from '../../templates/components/CodeTabs';

export interface HmacSnippet extends CodeSample {
  /** What the snippet is written for, shown next to the tabs. */
  stack: string;
}

export const HMAC_SNIPPETS: HmacSnippet[] = [
  {
    label: "Node.js",
    lang: "javascript",
    title: "server.mjs",
    stack: "Express, raw body via express.raw()",
    code: `// server.mjs: verify Ferrygate-Signature in an Express app (Node.js 18+, Express 4 or 5, ES modules)
import crypto from 'node:crypto';
import express from 'express';

const SECRET = process.env.FERRYGATE_SIGNING_SECRET; // the destination's signing secret
const TOLERANCE_SECONDS = 300;

if (!SECRET) throw new Error('FERRYGATE_SIGNING_SECRET is not set');

/** header: "t=<unix>,v1=<hex>[,v1=<hex>]"; rawBody: the exact bytes received. */
export function verifyFerrygateSignature(header, rawBody, secret, now = Date.now() / 1000) {
  if (!header) return false;
  let timestamp = '';
  const signatures = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!/^\\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) return false; // too old or from the future

  const expected = crypto
    .createHmac('sha256', secret)
    .update(\`\${timestamp}.\`)
    .update(rawBody) // the raw bytes, never JSON.stringify(parsedBody)
    .digest();

  // During a secret rotation there are two v1 values: accept either.
  return signatures.some((hex) => {
    const given = Buffer.from(hex, 'hex');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

const app = express();

// express.raw() keeps req.body as a Buffer: register it on this route, before any JSON parser.
app.post('/webhooks', express.raw({ type: '*/*', limit: '5mb' }), (req, res) => {
  const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!verifyFerrygateSignature(req.get('Ferrygate-Signature'), rawBody, SECRET)) {
    return res.status(401).send('invalid signature');
  }
  const event = JSON.parse(rawBody.toString('utf8')); // parse only after verifying
  console.log('verified delivery', req.get('Ferrygate-Delivery'), event.type);
  res.sendStatus(204);
});

app.listen(3000, () => console.log('listening on http://localhost:3000'));`,
  },
  {
    label: "Python",
    lang: "python",
    title: "app.py",
    stack: "Flask, request.get_data()",
    code: `# app.py: verify Ferrygate-Signature in Flask (Python 3.8+, Flask 2 or 3)
from __future__ import annotations

import hashlib
import hmac
import os
import time

from flask import Flask, abort, request

SECRET = os.environ["FERRYGATE_SIGNING_SECRET"].encode()  # the destination's signing secret
TOLERANCE_SECONDS = 300

app = Flask(__name__)


def verify_ferrygate_signature(header: str | None, raw_body: bytes, secret: bytes, now: float | None = None) -> bool:
    """header: "t=<unix>,v1=<hex>[,v1=<hex>]"; raw_body: the exact bytes received."""
    if not header:
        return False
    timestamp, signatures = "", []
    for part in header.split(","):
        key, sep, value = part.strip().partition("=")
        if not sep:
            continue
        if key == "t":
            timestamp = value
        elif key == "v1":
            signatures.append(value)
    if not (timestamp.isascii() and timestamp.isdigit() and len(timestamp) <= 12) or not signatures:
        return False
    now = time.time() if now is None else now
    if abs(now - int(timestamp)) > TOLERANCE_SECONDS:  # too old or from the future
        return False

    expected = hmac.new(secret, timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    # During a secret rotation there are two v1 values: accept either. compare_digest is constant-time.
    return any(hmac.compare_digest(expected.encode(), sig.lower().encode()) for sig in signatures)


@app.post("/webhooks")
def webhooks():
    raw_body = request.get_data()  # raw bytes; read them before request.json or request.form
    if not verify_ferrygate_signature(request.headers.get("Ferrygate-Signature"), raw_body, SECRET):
        abort(401)
    event = request.get_json(force=True)  # parse only after verifying
    app.logger.info("verified delivery %s %s", request.headers.get("Ferrygate-Delivery"), event.get("type"))
    return "", 204


if __name__ == "__main__":
    app.run(port=3000)`,
  },
  {
    label: "Go",
    lang: "go",
    title: "main.go",
    stack: "net/http, standard library only",
    code: `// main.go: verify Ferrygate-Signature with net/http (Go 1.20+, standard library only)
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

const tolerance = 5 * time.Minute

// verifyFerrygateSignature checks "t=<unix>,v1=<hex>[,v1=<hex>]" against the raw body.
func verifyFerrygateSignature(header string, body, secret []byte, now time.Time) bool {
	var timestamp string
	var signatures []string
	for _, part := range strings.Split(header, ",") {
		key, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch key {
		case "t":
			timestamp = value
		case "v1":
			signatures = append(signatures, value)
		}
	}
	if len(timestamp) == 0 || len(timestamp) > 12 || strings.Trim(timestamp, "0123456789") != "" || len(signatures) == 0 {
		return false
	}
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return false
	}
	if age := now.Sub(time.Unix(ts, 0)); age > tolerance || age < -tolerance { // too old or from the future
		return false
	}

	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(timestamp + "."))
	mac.Write(body) // the raw bytes, exactly as received
	expected := mac.Sum(nil)

	// During a secret rotation there are two v1 values: accept either.
	for _, s := range signatures {
		given, err := hex.DecodeString(s)
		if err == nil && hmac.Equal(given, expected) { // constant-time
			return true
		}
	}
	return false
}

func main() {
	secret := []byte(os.Getenv("FERRYGATE_SIGNING_SECRET")) // the destination's signing secret
	if len(secret) == 0 {
		log.Fatal("FERRYGATE_SIGNING_SECRET is not set")
	}

	http.HandleFunc("/webhooks", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 5<<20)) // 5 MB, Ferrygate's limit
		if err != nil {
			http.Error(w, "cannot read body", http.StatusBadRequest)
			return
		}
		if !verifyFerrygateSignature(r.Header.Get("Ferrygate-Signature"), body, secret, time.Now()) {
			http.Error(w, "invalid signature", http.StatusUnauthorized)
			return
		}
		// Verified: decode body with encoding/json and handle the event.
		log.Printf("verified delivery %s (%d bytes)", r.Header.Get("Ferrygate-Delivery"), len(body))
		w.WriteHeader(http.StatusNoContent)
	})
	log.Fatal(http.ListenAndServe(":3000", nil))
}`,
  },
  {
    label: "Ruby",
    lang: "ruby",
    title: "app.rb",
    stack: "Sinatra on Rack",
    code: `# app.rb: verify Ferrygate-Signature in Sinatra (Ruby 3.0+, any Rack app works the same)
require "json"
require "openssl"
require "rack/utils"
require "sinatra"

SECRET = ENV.fetch("FERRYGATE_SIGNING_SECRET") # the destination's signing secret
TOLERANCE_SECONDS = 300

# header: "t=<unix>,v1=<hex>[,v1=<hex>]"; raw_body: the exact bytes received.
def verify_ferrygate_signature(header, raw_body, secret, now: Time.now.to_i)
  return false if header.nil? || header.empty?

  timestamp = ""
  signatures = []
  header.split(",").each do |part|
    key, value = part.strip.split("=", 2)
    next if value.nil?

    case key
    when "t" then timestamp = value
    when "v1" then signatures << value.downcase
    end
  end
  return false unless timestamp.match?(/\\A\\d{1,12}\\z/) && !signatures.empty?
  return false if (now - timestamp.to_i).abs > TOLERANCE_SECONDS # too old or from the future

  expected = OpenSSL::HMAC.hexdigest("SHA256", secret, "#{timestamp}." + raw_body)
  # During a secret rotation there are two v1 values: accept either. secure_compare is constant-time.
  signatures.any? { |sig| Rack::Utils.secure_compare(expected, sig) }
end

post "/webhooks" do
  request.body.rewind if request.body.respond_to?(:rewind)
  raw_body = request.body.read # raw bytes; don't use params for the signature
  unless verify_ferrygate_signature(request.env["HTTP_FERRYGATE_SIGNATURE"], raw_body, SECRET)
    halt 401, "invalid signature"
  end

  event = JSON.parse(raw_body) # parse only after verifying
  logger.info "verified delivery #{request.env['HTTP_FERRYGATE_DELIVERY']} #{event['type']}"
  status 204
end`,
  },
  {
    label: "PHP",
    lang: "php",
    title: "webhook.php",
    stack: "plain PHP, php://input",
    code: `<?php
// webhook.php: verify Ferrygate-Signature in plain PHP (7.4+; works the same inside any framework)
declare(strict_types=1);

const TOLERANCE_SECONDS = 300;

/** $header: "t=<unix>,v1=<hex>[,v1=<hex>]"; $rawBody: the exact bytes received. */
function verify_ferrygate_signature(?string $header, string $rawBody, string $secret, ?int $now = null): bool
{
    if ($header === null || $header === '') {
        return false;
    }
    $timestamp = '';
    $signatures = [];
    foreach (explode(',', $header) as $part) {
        $pair = explode('=', trim($part), 2);
        if (count($pair) !== 2) {
            continue;
        }
        [$key, $value] = $pair;
        if ($key === 't') {
            $timestamp = $value;
        } elseif ($key === 'v1') {
            $signatures[] = strtolower($value);
        }
    }
    if (!preg_match('/^\\d{1,12}$/D', $timestamp) || $signatures === []) {
        return false;
    }
    if (abs(($now ?? time()) - (int) $timestamp) > TOLERANCE_SECONDS) { // too old or from the future
        return false;
    }

    $expected = hash_hmac('sha256', $timestamp . '.' . $rawBody, $secret);
    // During a secret rotation there are two v1 values: accept either. hash_equals is constant-time.
    foreach ($signatures as $signature) {
        if (hash_equals($expected, $signature)) {
            return true;
        }
    }
    return false;
}

$secret = getenv('FERRYGATE_SIGNING_SECRET'); // the destination's signing secret
if ($secret === false || $secret === '') {
    http_response_code(500);
    exit('FERRYGATE_SIGNING_SECRET is not set');
}

$rawBody = (string) file_get_contents('php://input'); // raw bytes, never $_POST or a re-encoded array
$header = $_SERVER['HTTP_FERRYGATE_SIGNATURE'] ?? null;

if ($_SERVER['REQUEST_METHOD'] !== 'POST' || !verify_ferrygate_signature($header, $rawBody, $secret)) {
    http_response_code(401);
    exit('invalid signature');
}

$event = json_decode($rawBody, true, 512, JSON_THROW_ON_ERROR); // parse only after verifying
error_log('verified delivery ' . ($_SERVER['HTTP_FERRYGATE_DELIVERY'] ?? '?'));
http_response_code(204);`,
  },
  {
    label: "Java",
    lang: "java",
    title: "FerrygateWebhookController.java",
    stack: "Spring Boot, @RequestBody byte[]",
    code: `// FerrygateWebhookController.java: verify Ferrygate-Signature in Spring Boot (Java 17+)
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

    // application.properties: ferrygate.signing-secret=\${FERRYGATE_SIGNING_SECRET}
    public FerrygateWebhookController(@Value("\${ferrygate.signing-secret}") String secret) {
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
}`,
  },
  {
    label: "C#",
    lang: "csharp",
    title: "Program.cs",
    stack: "ASP.NET Core minimal API",
    code: `// Program.cs: verify Ferrygate-Signature in ASP.NET Core minimal APIs (.NET 8)
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

// appsettings.json or the env var Ferrygate__SigningSecret: the destination's signing secret
var secret = builder.Configuration["Ferrygate:SigningSecret"];
if (string.IsNullOrEmpty(secret)) throw new InvalidOperationException("Ferrygate:SigningSecret is not set");
var key = Encoding.UTF8.GetBytes(secret);

app.MapPost("/webhooks", async (HttpRequest request) =>
{
    using var buffer = new MemoryStream();
    await request.Body.CopyToAsync(buffer); // raw bytes: don't bind a model before verifying
    var body = buffer.ToArray();

    var header = request.Headers["Ferrygate-Signature"].ToString();
    if (!FerrygateSignature.Verify(header, body, key, DateTimeOffset.UtcNow.ToUnixTimeSeconds()))
        return Results.Unauthorized();

    // Verified: JsonDocument.Parse(body) and handle the event.
    return Results.NoContent();
});

app.Run();

static class FerrygateSignature
{
    const long ToleranceSeconds = 300;

    // header: "t=<unix>,v1=<hex>[,v1=<hex>]"; body: the exact bytes received.
    public static bool Verify(string header, byte[] body, byte[] key, long now)
    {
        var timestamp = "";
        var signatures = new List<string>();
        foreach (var part in header.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
        {
            var kv = part.Split('=', 2);
            if (kv.Length != 2) continue;
            if (kv[0] == "t") timestamp = kv[1];
            else if (kv[0] == "v1") signatures.Add(kv[1]);
        }
        if (timestamp.Length is 0 or > 12 || signatures.Count == 0
            || !long.TryParse(timestamp, NumberStyles.None, CultureInfo.InvariantCulture, out var t))
            return false;
        if (Math.Abs(now - t) > ToleranceSeconds) return false; // too old or from the future

        var prefix = Encoding.UTF8.GetBytes(timestamp + ".");
        var signed = new byte[prefix.Length + body.Length];
        prefix.CopyTo(signed, 0);
        body.CopyTo(signed, prefix.Length);
        var expected = HMACSHA256.HashData(key, signed);

        // During a secret rotation there are two v1 values: accept either.
        foreach (var candidate in signatures)
        {
            byte[] given;
            try { given = Convert.FromHexString(candidate); }
            catch (FormatException) { continue; }
            if (CryptographicOperations.FixedTimeEquals(expected, given)) return true; // constant-time
        }
        return false;
    }
}`,
  },
  {
    label: "Shell",
    lang: "bash",
    title: "verify-ferrygate.sh",
    stack: "POSIX sh + openssl",
    code: `#!/bin/sh
# verify-ferrygate.sh: check a Ferrygate-Signature header with openssl (POSIX sh).
# Usage: FERRYGATE_SIGNING_SECRET=… ./verify-ferrygate.sh '<Ferrygate-Signature value>' body.bin
# The body file must hold the raw request body, byte for byte. Exit status 0 means valid.
# Note: -hmac puts the secret on openssl's command line; use this on your own machine only.
set -eu
set -f # no globbing of header values

header=$1
body_file=$2
secret=\${FERRYGATE_SIGNING_SECRET:?set FERRYGATE_SIGNING_SECRET}
tolerance=300

fields=$(printf '%s\\n' "$header" | tr ',' '\\n' | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
t=$(printf '%s\\n' "$fields" | sed -n 's/^t=//p' | head -n 1)
case $t in
  '' | *[!0-9]* | 0*) echo "missing or malformed t=" >&2; exit 1 ;;
esac
[ \${#t} -le 12 ] || { echo "malformed t=" >&2; exit 1; }

age=$(( $(date +%s) - t ))
if [ "$age" -gt "$tolerance" ] || [ "$age" -lt "-$tolerance" ]; then
  echo "timestamp outside the 5-minute tolerance" >&2; exit 1
fi

# HMAC-SHA256 over "{t}.{raw body}", hex
expected=$({ printf '%s.' "$t"; cat "$body_file"; } | openssl dgst -sha256 -hmac "$secret" -r | cut -d' ' -f1)

# Constant-time comparison in shell: compare HMACs of both values under a random key,
# so the string comparison's timing reveals nothing about the expected signature.
nonce=$(openssl rand -hex 32)
blind() { printf '%s' "$1" | openssl dgst -sha256 -hmac "$nonce" -r | cut -d' ' -f1; }
want=$(blind "$expected")

# During a secret rotation there are two v1 values: accept either.
for sig in $(printf '%s\\n' "$fields" | sed -n 's/^v1=//p' | tr 'A-F' 'a-f'); do
  if [ "$(blind "$sig")" = "$want" ]; then
    echo "valid"
    exit 0
  fi
done
echo "invalid signature" >&2
exit 1`,
  },
];
