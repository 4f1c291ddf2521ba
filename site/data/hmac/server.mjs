// server.mjs: verify Ferrygate-Signature in an Express app (Node.js 18+, Express 4 or 5, ES modules)
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
  if (!/^\d{1,12}$/.test(timestamp) || signatures.length === 0) return false;
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) return false; // too old or from the future

  const expected = crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.`)
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

app.listen(3000, () => console.log('listening on http://localhost:3000'));
