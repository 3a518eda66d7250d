import { createHmac, randomUUID } from 'node:crypto';

/**
 * A local stand-in for Zoom's side of the event subscription: builds the events Zoom sends
 * (the fields of Zoom's documented payloads the platform reads, plus a few it ignores) and
 * signs them as Zoom does, so tests and `npm run zoom:demo` exercise the real endpoint.
 *
 * It signs with its own HMAC code rather than the server's, so a mistake in the server's
 * check cannot be mirrored here and pass.
 */

export type ZoomDelivery = { body: string; headers: Record<string, string> };

type MeetingOptions = { uuid?: string; at?: Date; topic?: string };
type ParticipantOptions = MeetingOptions & { email: string; name?: string; participantId?: string };
type RecordingOptions = MeetingOptions & {
  hostEmail?: string;
  minutes?: number;
  passcode?: string;
  shareUrl?: string;
};

export function createFakeZoom(secret: string, clock: () => Date = () => new Date()) {
  const meetingObject = (meetingNumber: string, options: MeetingOptions) => ({
    id: Number(meetingNumber),
    uuid: options.uuid ?? `${randomUUID()}==`,
    host_id: 'fake-host-id',
    topic: options.topic ?? 'Live session',
    type: 8,
    start_time: (options.at ?? clock()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    timezone: 'America/Toronto',
    duration: 60,
  });

  const envelope = (event: string, object: Record<string, unknown>, at: Date) => ({
    event,
    event_ts: at.getTime(),
    payload: { account_id: 'fake-account', object },
  });

  const participant = (options: ParticipantOptions, left: boolean) => {
    const at = (options.at ?? clock()).toISOString();
    return {
      user_id: '16778240',
      user_name: options.name ?? options.email,
      id: '',
      participant_uuid: options.participantId ?? `participant-${options.email}`,
      email: options.email,
      ...(left ? { leave_time: at, leave_reason: 'left the meeting.' } : { join_time: at }),
    };
  };

  return {
    meetingStarted: (meetingNumber: string, options: MeetingOptions = {}) =>
      envelope('meeting.started', meetingObject(meetingNumber, options), options.at ?? clock()),

    meetingEnded: (meetingNumber: string, options: MeetingOptions = {}) =>
      envelope(
        'meeting.ended',
        { ...meetingObject(meetingNumber, options), end_time: (options.at ?? clock()).toISOString() },
        options.at ?? clock(),
      ),

    participantJoined: (meetingNumber: string, options: ParticipantOptions) =>
      envelope(
        'meeting.participant_joined',
        { ...meetingObject(meetingNumber, options), participant: participant(options, false) },
        options.at ?? clock(),
      ),

    participantLeft: (meetingNumber: string, options: ParticipantOptions) =>
      envelope(
        'meeting.participant_left',
        { ...meetingObject(meetingNumber, options), participant: participant(options, true) },
        options.at ?? clock(),
      ),

    /** The recording of a meeting that started `minutes` before `at` (default 60). */
    recordingCompleted: (meetingNumber: string, options: RecordingOptions = {}) => {
      const end = options.at ?? clock();
      const minutes = options.minutes ?? 60;
      const start = new Date(end.getTime() - minutes * 60_000);
      const object = meetingObject(meetingNumber, { ...options, at: start });
      const file = (type: string, recordingType: string) => ({
        id: randomUUID(),
        meeting_id: object.uuid,
        recording_start: start.toISOString(),
        recording_end: end.toISOString(),
        file_type: type,
        file_size: 1024,
        play_url: `https://zoom.us/rec/play/${object.uuid}-${recordingType}`,
        download_url: `https://zoom.us/rec/download/${object.uuid}-${recordingType}`,
        status: 'completed',
        recording_type: recordingType,
      });
      return envelope(
        'recording.completed',
        {
          ...object,
          host_email: options.hostEmail ?? 'host@zoom.example',
          duration: minutes,
          total_size: 2048,
          recording_count: 2,
          share_url: options.shareUrl ?? `https://zoom.us/rec/share/${encodeURIComponent(object.uuid)}`,
          recording_play_passcode: options.passcode ?? 'Replay#42',
          recording_files: [file('M4A', 'audio_only'), file('MP4', 'shared_screen_with_speaker_view')],
        },
        end,
      );
    },

    urlValidation: (plainToken: string) => ({
      event: 'endpoint.url_validation',
      event_ts: clock().getTime(),
      payload: { plainToken },
    }),

    /** The body and headers Zoom would send; `timestamp` in Unix seconds (default: the clock's). */
    deliver(event: object, options: { timestamp?: number; secret?: string } = {}): ZoomDelivery {
      const body = JSON.stringify(event);
      const timestamp = String(options.timestamp ?? Math.floor(clock().getTime() / 1000));
      const signature = createHmac('sha256', options.secret ?? secret)
        .update(`v0:${timestamp}:${body}`)
        .digest('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-zm-request-timestamp': timestamp,
          'x-zm-signature': `v0=${signature}`,
        },
      };
    },
  };
}

export type FakeZoom = ReturnType<typeof createFakeZoom>;
