#!/bin/sh
# verify-ferrygate.sh: check a Ferrygate-Signature header with openssl (POSIX sh).
# Usage: FERRYGATE_SIGNING_SECRET=… ./verify-ferrygate.sh '<Ferrygate-Signature value>' body.bin
# The body file must hold the raw request body, byte for byte. Exit status 0 means valid.
# Note: -hmac puts the secret on openssl's command line; use this on your own machine only.
set -eu
set -f # no globbing of header values

header=$1
body_file=$2
secret=${FERRYGATE_SIGNING_SECRET:?set FERRYGATE_SIGNING_SECRET}
tolerance=300

fields=$(printf '%s\n' "$header" | tr ',' '\n' | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
t=$(printf '%s\n' "$fields" | sed -n 's/^t=//p' | head -n 1)
case $t in
  '' | *[!0-9]* | 0*) echo "missing or malformed t=" >&2; exit 1 ;;
esac
[ ${#t} -le 12 ] || { echo "malformed t=" >&2; exit 1; }

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
for sig in $(printf '%s\n' "$fields" | sed -n 's/^v1=//p' | tr 'A-F' 'a-f'); do
  if [ "$(blind "$sig")" = "$want" ]; then
    echo "valid"
    exit 0
  fi
done
echo "invalid signature" >&2
exit 1
