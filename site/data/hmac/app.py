# app.py: verify Ferrygate-Signature in Flask (Python 3.8+, Flask 2 or 3)
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
    app.run(port=3000)
