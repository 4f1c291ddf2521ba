<?php
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
    if (!preg_match('/^\d{1,12}$/D', $timestamp) || $signatures === []) {
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
http_response_code(204);
