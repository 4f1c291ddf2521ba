import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { CodeTabs } from 'react-sitegen/templates/components/CodeTabs';
import { Section, Cards, Split, DataTable } from 'react-sitegen/templates/components/Marketing';

export const meta: PageMeta = {
  title: 'Cron webhooks',
  description: 'Send HTTP requests on a schedule to public or private destinations, with run history and retries.',
  layout: 'feature',
  eyebrow: 'Cron webhooks',
  docs: '/v1/guide/scheduled-webhooks',
  hero: {
    title: 'Cron that speaks HTTP',
    subtitle: 'Schedules send HTTP requests on a cron expression in any timezone — to public URLs, or to private services through your agent. Every run is logged, failed runs are retried, and there is no server to keep alive.',
    cta: { text: 'Create a schedule', href: 'https://app.ferrygate.dev/signup' },
  },
  faq: [
    { q: 'How precise are schedules?', a: 'Runs start within a few seconds of the scheduled minute. Each run is enqueued exactly once, even during deploys on our side, and carries Ferrygate-Schedule and Ferrygate-Run headers. Put {{ run.scheduled_at }} in the body or a header and your handler can tell a late run from one that is on time.' },
    { q: 'What happens with daylight saving time?', a: 'Schedules follow the IANA timezone you set. When clocks go forward, a run in the skipped hour happens at the next valid minute; when they go back, a run in the repeated hour happens once.' },
    { q: 'Can a schedule reach a service on my private network?', a: 'Yes. Point the schedule at a channel with a private destination and the agent in your network delivers it, exactly like a forwarded webhook.' },
    { q: 'What if my endpoint is down when a run fires?', a: 'The run is retried with exponential backoff within your plan’s retry window, and the run history shows every attempt. You can also re-run any past run by hand.' },
  ],
};

const FIELDS = [
  ['Expression', '5-field cron (minute hour day month weekday), e.g. 0 9 * * 1-5'],
  ['Timezone', 'Any IANA zone, e.g. Europe/Berlin or America/New_York; default UTC'],
  ['Method, headers, body', 'Any method; headers and body can be templates with {{ run.scheduled_at }}, {{ run.id }} and {{ run.date }}'],
  ['Destination', 'A public URL, or a channel whose destinations may be private — one or the other'],
  ['Window', 'Optional start and end dates, for campaigns and migrations'],
  ['State', 'Active or paused; pausing keeps the history and the next-run preview'],
];

const CHEAT = [
  ['*/5 * * * *', 'Every 5 minutes', 'Starter and up (Free: every 15 minutes or slower)'],
  ['0 * * * *', 'Every hour, on the hour', ''],
  ['0 9 * * 1-5', '09:00 on weekdays', 'Set the timezone to the team’s'],
  ['30 2 * * *', 'Every night at 02:30', 'Nightly syncs and cleanups'],
  ['0 7 * * 1', 'Mondays at 07:00', 'Weekly reports'],
  ['0 0 1 * *', 'Midnight on the 1st of every month', 'Invoices, monthly exports'],
];

const USES = [
  { icon: 'pulse', title: 'Heartbeats', text: 'Ping a health endpoint every minute and alert on the first failed run, from outside your own infrastructure.' },
  { icon: 'calendar', title: 'Scheduled reports', text: 'Ask an internal service to build the weekday 07:00 report, then post it to chat with a function.' },
  { icon: 'zap', title: 'Cache warmers', text: 'Hit your most expensive pages right after each deploy window so the first real visitor gets a warm cache.' },
  { icon: 'chat', title: 'Reminders to chat', text: 'Send a stand-up reminder or an on-call handover message to a chat incoming-webhook, in the team’s timezone.' },
  { icon: 'database', title: 'Nightly syncs', text: 'Trigger an export job on a private server at 02:30 without opening a port or running a cron daemon on it.' },
  { icon: 'replay', title: 'Polling replacements', text: 'Call a provider’s API on a schedule and turn the answer into webhooks for the rest of your stack.' },
];

const CODE = [
  { label: 'CLI', lang: 'bash', code: `ferry schedule create weekday-report \\
  --cron "0 7 * * 1-5" --tz Europe/Berlin \\
  --method POST --channel internal-jobs \\
  --body '{"report":"daily","for":"{{ run.date }}","run":"{{ run.id }}"}'

ferry schedule runs weekday-report --limit 5
ferry schedule pause weekday-report

# On the report server: deliver the channel to the private service
ferry forward --channel internal-jobs --name reports http://reports.internal:8080/daily` },
  { label: 'API', lang: 'bash', code: `curl https://api.ferrygate.dev/v1/schedules \\
  -u "$FG_KEY:$FG_SECRET" \\
  -H 'content-type: application/json' \\
  -d '{
    "name": "heartbeat",
    "cron": "* * * * *",
    "timezone": "UTC",
    "request": { "method": "GET", "url": "https://status.example.com/ping" }
  }'` },
  { label: 'Function', lang: 'javascript', title: 'sign-run.js', code: `// Runs at send time: sign the payload for the receiver
import crypto from 'crypto';

// The schedule's body is {"at":"{{ run.scheduled_at }}"}
export default async function handle(request, ctx) {
  const { at } = request.json();
  const body = JSON.stringify({ job: 'nightly-sync', at, run: request.headers['ferrygate-run'] });
  const signature = crypto.hmac('sha256', ctx.vars.JOB_SECRET, body, 'hex');
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    body,
  };
}` },
];

export default function Cron(_ctx: PageContext) {
  return (
    <>
      <Section id="how-it-works" eyebrow="How it works" title="Schedule → request → destinations">
        <Split aside={
          <div className="next-runs" aria-labelledby="next-runs-title">
            <p id="next-runs-title" className="next-runs-title">Next 5 runs</p>
            <p className="next-runs-expr"><code>0 9 * * 1-5</code> · Europe/Berlin</p>
            <ol>
              <li><span>Mon, Jun 15, 2026</span><span>09:00 CEST</span></li>
              <li><span>Tue, Jun 16, 2026</span><span>09:00 CEST</span></li>
              <li><span>Wed, Jun 17, 2026</span><span>09:00 CEST</span></li>
              <li><span>Thu, Jun 18, 2026</span><span>09:00 CEST</span></li>
              <li><span>Fri, Jun 19, 2026</span><span>09:00 CEST</span></li>
            </ol>
            <p className="next-runs-note">The dashboard previews the next runs as you type an expression.</p>
          </div>
        }>
          <ol className="num-list">
            <li><strong>A schedule fires</strong> on its cron expression in its own timezone, and the run is enqueued exactly once.</li>
            <li><strong>A function can prepare the request</strong> at send time: fill a template, add a signature, or skip the run.</li>
            <li><strong>The request is delivered</strong> to a public URL by our cloud, or through a channel to private destinations via your agent.</li>
            <li><strong>Every run is recorded</strong> with its response, timing and attempts; failed runs retry and can be re-run by hand.</li>
          </ol>
        </Split>
      </Section>

      <Section id="fields" soft eyebrow="Configuration" title="Everything a schedule can carry">
        <DataTable caption="Schedule fields" head={['Field', 'What it does']} rows={FIELDS} />
      </Section>

      <Section id="cheat-sheet" eyebrow="Cheat sheet" title="Cron expressions you will actually use" lead="Five fields: minute, hour, day of month, month, day of week. Ranges (1-5), lists (1,15) and steps (*/5) work as usual.">
        <DataTable caption="Common cron expressions" head={['Expression', 'Runs', 'Notes']} rows={CHEAT.map(([e, r, n]) => [<code key="e">{e}</code>, r, n || '—'])} />
      </Section>

      <Section id="cron-code" soft eyebrow="Create one" title="From the CLI, the API or a function">
        <Split aside={<CodeTabs name="cron-code" label="Schedule examples" samples={CODE} />}>
          <p className="section-lead">Schedules are first-class objects: create them in scripts, pause them during maintenance, and read their runs from the API.</p>
          <ul className="check-list">
            <li>Run history with response status and timing</li>
            <li>Retries with backoff on timeouts, 429 and 5xx</li>
            <li>Manual “run now” for testing</li>
          </ul>
          <p><a className="link-arrow" href="/v1/tutorials/scheduled-heartbeats">Heartbeats and nightly reports tutorial</a></p>
        </Split>
      </Section>

      <Section id="use-cases" eyebrow="Use cases" title="What teams schedule">
        <Cards cols={3} items={USES} />
      </Section>

      <Section id="limits" soft eyebrow="Limits" title="Schedules on every plan">
        <DataTable
          caption="Schedule limits per plan"
          head={['Plan', 'Schedules', 'Shortest interval']}
          rows={[['Free', '2', '15 minutes'], ['Starter', '20', '1 minute'], ['Team', '100', '1 minute'], ['Business', '500', '1 minute'], ['Enterprise', 'Custom', '1 minute']]}
        />
        <p className="section-foot"><a className="link-arrow" href="/pricing">Compare plans</a></p>
      </Section>
    </>
  );
}
