/**
 * Sends Zoom's events for one meeting to a running server, signed with ZOOM_WEBHOOK_SECRET the
 * way Zoom signs them (the fake Zoom of the tests), so the demo can be driven without Zoom:
 *   npm run zoom:demo -- started 84152093317
 *   npm run zoom:demo -- joined 84152093317 member@example.com
 *   npm run zoom:demo -- left 84152093317 member@example.com
 *   npm run zoom:demo -- ended 84152093317
 *   npm run zoom:demo -- recording 84152093317 [host e-mail]
 * The server must run with the same ZOOM_WEBHOOK_SECRET; APP_URL (default http://127.0.0.1:PORT)
 * says where. The meeting's events share one meeting instance id per day, so attendance pairs.
 */
import { createFakeZoom } from '../test/support/fake-zoom.ts';

const USAGE = 'Usage: npm run zoom:demo -- <started|ended|joined|left|recording> <meeting-number> [e-mail]';

async function main() {
  const [what, meetingNumber, email] = process.argv.slice(2);
  const secret = process.env.ZOOM_WEBHOOK_SECRET;
  if (!secret) throw new Error('Set ZOOM_WEBHOOK_SECRET to the secret the server was started with.');
  if (!what || !meetingNumber || !/^\d{9,11}$/.test(meetingNumber)) throw new Error(USAGE);
  const zoom = createFakeZoom(secret);
  // One instance a day: the join and leave of a demo pair up, and the recording names that meeting.
  const uuid = `demo-${meetingNumber}-${new Date().toISOString().slice(0, 10)}`;
  const needEmail = () => {
    if (!email) throw new Error(`${what} needs the member's e-mail. ${USAGE}`);
    return email;
  };
  const event =
    what === 'started' ? zoom.meetingStarted(meetingNumber, { uuid })
    : what === 'ended' ? zoom.meetingEnded(meetingNumber, { uuid })
    : what === 'joined' ? zoom.participantJoined(meetingNumber, { uuid, email: needEmail() })
    : what === 'left' ? zoom.participantLeft(meetingNumber, { uuid, email: needEmail() })
    : what === 'recording' ? zoom.recordingCompleted(meetingNumber, { uuid, ...(email && { hostEmail: email }) })
    : null;
  if (!event) throw new Error(USAGE);

  const base = process.env.APP_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  const { body, headers } = zoom.deliver(event);
  const response = await fetch(new URL('/api/zoom/webhook', base), { method: 'POST', headers, body });
  const answer = await response.text();
  console.log(`${event.event} → ${response.status} ${answer}`);
  if (!response.ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
