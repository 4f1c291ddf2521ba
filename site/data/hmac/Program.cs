// Program.cs: verify Ferrygate-Signature in ASP.NET Core minimal APIs (.NET 8)
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
}
