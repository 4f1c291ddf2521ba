# app.rb: verify Ferrygate-Signature in Sinatra (Ruby 3.0+, any Rack app works the same)
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
  return false unless timestamp.match?(/\A\d{1,12}\z/) && !signatures.empty?
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
end
