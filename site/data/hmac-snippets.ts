/**
 * Ferrygate-Signature verifiers for the code tabs on /hmac-verification.
 *
 * Every snippet is a complete receiver for the scheme in site/facts.md:
 * `Ferrygate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{raw body}">`, with a
 * 5-minute timestamp tolerance, a constant-time comparison and support for the two `v1=`
 * values sent during a secret rotation. The code lives in site/data/hmac/ as
 * plain files (imported as text with `?raw`), so each one can be run and linted as it is.
 */
import type { CodeSample } from 'react-sitegen/templates/components/CodeTabs';
import code0 from './hmac/server.mjs?raw';
import code1 from './hmac/app.py?raw';
import code2 from './hmac/main.go?raw';
import code3 from './hmac/app.rb?raw';
import code4 from './hmac/webhook.php?raw';
import code5 from './hmac/FerrygateWebhookController.java?raw';
import code6 from './hmac/Program.cs?raw';
import code7 from './hmac/verify-ferrygate.sh?raw';

export interface HmacSnippet extends CodeSample {
  /** What the snippet is written for, shown next to the tabs. */
  stack: string;
}

export const HMAC_SNIPPETS: HmacSnippet[] = [
  { label: "Node.js", lang: "javascript", title: "server.mjs", stack: "Express, raw body via express.raw()", code: code0.replace(/\n$/, '') },
  { label: "Python", lang: "python", title: "app.py", stack: "Flask, request.get_data()", code: code1.replace(/\n$/, '') },
  { label: "Go", lang: "go", title: "main.go", stack: "net/http, standard library only", code: code2.replace(/\n$/, '') },
  { label: "Ruby", lang: "ruby", title: "app.rb", stack: "Sinatra on Rack", code: code3.replace(/\n$/, '') },
  { label: "PHP", lang: "php", title: "webhook.php", stack: "plain PHP, php://input", code: code4.replace(/\n$/, '') },
  { label: "Java", lang: "java", title: "FerrygateWebhookController.java", stack: "Spring Boot, @RequestBody byte[]", code: code5.replace(/\n$/, '') },
  { label: "C#", lang: "csharp", title: "Program.cs", stack: "ASP.NET Core minimal API", code: code6.replace(/\n$/, '') },
  { label: "Shell", lang: "bash", title: "verify-ferrygate.sh", stack: "POSIX sh + openssl", code: code7.replace(/\n$/, '') },
];
