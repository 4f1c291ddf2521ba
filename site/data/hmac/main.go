// main.go: verify Ferrygate-Signature with net/http (Go 1.20+, standard library only)
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
}
