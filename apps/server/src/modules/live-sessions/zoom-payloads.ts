import { z } from 'zod';

/**
 * The parts of Zoom's event payloads the platform reads. Zoom adds fields over time, so
 * unknown ones pass through; the meeting id is a number in Zoom's JSON, a string in ours.
 */

const meetingId = z.union([z.number(), z.string()]).transform((id) => String(id).replace(/\D/g, ''));

const MeetingObject = z.object({
  id: meetingId,
  uuid: z.string().min(1),
  host_id: z.string().optional(),
  topic: z.string().optional(),
  start_time: z.string().optional(),
  end_time: z.string().optional(),
});

const Participant = z.object({
  id: z.string().optional(),
  user_id: z.string().optional(),
  participant_uuid: z.string().optional(),
  user_name: z.string().optional(),
  email: z.string().optional(),
  join_time: z.string().optional(),
  leave_time: z.string().optional(),
});

const RecordingFile = z.object({
  file_type: z.string().optional(),
  recording_type: z.string().optional(),
  recording_start: z.string().optional(),
  recording_end: z.string().optional(),
  play_url: z.string().optional(),
  download_url: z.string().optional(),
  status: z.string().optional(),
});

const envelope = <E extends string, O extends z.ZodType>(event: E, object: O) =>
  z.object({
    event: z.literal(event),
    /** Milliseconds since the epoch when Zoom emitted the event. */
    event_ts: z.number(),
    payload: z.object({ account_id: z.string().optional(), object }),
  });

export const ZoomEvent = z.discriminatedUnion('event', [
  envelope('meeting.started', MeetingObject),
  envelope('meeting.ended', MeetingObject),
  envelope('meeting.participant_joined', MeetingObject.extend({ participant: Participant })),
  envelope('meeting.participant_left', MeetingObject.extend({ participant: Participant })),
  envelope(
    'recording.completed',
    MeetingObject.extend({
      host_email: z.string().optional(),
      /** Minutes. */
      duration: z.number().optional(),
      share_url: z.string().optional(),
      password: z.string().optional(),
      recording_play_passcode: z.string().optional(),
      recording_files: z.array(RecordingFile).default([]),
    }),
  ),
]);
export type ZoomEvent = z.infer<typeof ZoomEvent>;
export type ZoomEventOf<T extends ZoomEvent['event']> = Extract<ZoomEvent, { event: T }>;

export const UrlValidation = z.object({
  event: z.literal('endpoint.url_validation'),
  payload: z.object({ plainToken: z.string().min(1).max(256) }),
});

/** Every event this endpoint acts on; Zoom sends others only if subscribed, and they are acknowledged. */
export const HANDLED_EVENTS = new Set<string>(ZoomEvent.options.map((option) => option.shape.event.value));
