import { z } from 'zod';
import { entryEndpoints } from './client-endpoints.ts';
import { endpoint, withSchemas, type EndpointSchemas } from './endpoint.ts';
import { dataOf, MessageBody } from './common.ts';

export const PLAYBOOK_NAME_MAX = 60;
export const PLAYBOOK_DESCRIPTION_MAX = 2000;
export const PLAYBOOK_RULE_MAX = 200;
export const PLAYBOOK_RULES_MAX = 30;

/** A rule of the checklist: a short text; `id` names a rule that already exists (kept when edited). */
export const PlaybookRule = z.object({ id: z.string(), text: z.string() });
export type PlaybookRule = z.infer<typeof PlaybookRule>;

/** A member's setup (issue #24): its rules, in order, are the checklist ticked on each trade. */
export const Playbook = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  rules: z.array(PlaybookRule),
  /** Trades journaled under this playbook. */
  trades: z.number().int(),
  updated_at: z.string(),
});
export type Playbook = z.infer<typeof Playbook>;

const RuleRequest = z.object({
  id: z.string().max(16).optional(),
  text: z
    .string({ error: 'Each rule must be text.' })
    .trim()
    .min(1, 'Write the rule or remove it.')
    .max(PLAYBOOK_RULE_MAX, `Each rule is limited to ${PLAYBOOK_RULE_MAX} characters.`),
});

/** POST /api/playbooks and PUT /api/playbooks/{playbookId}: the whole playbook. */
export const PlaybookRequest = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(PLAYBOOK_NAME_MAX, `Name is limited to ${PLAYBOOK_NAME_MAX} characters.`),
  description: z
    .string({ error: 'Description must be text.' })
    .trim()
    .max(PLAYBOOK_DESCRIPTION_MAX, `Description is limited to ${PLAYBOOK_DESCRIPTION_MAX} characters.`)
    .nullable()
    .optional(),
  rules: z
    .array(RuleRequest, { error: 'Rules must be a list.' })
    .max(PLAYBOOK_RULES_MAX, `Use at most ${PLAYBOOK_RULES_MAX} rules.`)
    .optional()
    .default([]),
});
export type PlaybookRequest = z.input<typeof PlaybookRequest>;

export const DUPLICATE_PLAYBOOK_NAME = 'You already have a playbook with this name.';

const PlaybookParams = z.object({ playbookId: z.string().max(64) });

/** TradeDesk's playbook filter (zod-free declaration in client-endpoints.ts). */
export const listPlaybooksSchemas = { tags: ['playbooks'], response: { 200: dataOf(z.array(Playbook)) } } satisfies EndpointSchemas;

export const playbookEndpoints = {
  listPlaybooks: withSchemas(entryEndpoints.listPlaybooks, listPlaybooksSchemas),
  createPlaybook: endpoint({
    method: 'POST',
    path: '/api/playbooks',
    tags: ['playbooks'],
    body: PlaybookRequest,
    response: { 201: dataOf(Playbook) },
  }),
  getPlaybook: endpoint({
    method: 'GET',
    path: '/api/playbooks/:playbookId',
    tags: ['playbooks'],
    params: PlaybookParams,
    response: { 200: dataOf(Playbook) },
  }),
  updatePlaybook: endpoint({
    method: 'PUT',
    path: '/api/playbooks/:playbookId',
    tags: ['playbooks'],
    params: PlaybookParams,
    body: PlaybookRequest,
    response: { 200: dataOf(Playbook) },
  }),
  deletePlaybook: endpoint({
    method: 'DELETE',
    path: '/api/playbooks/:playbookId',
    tags: ['playbooks'],
    params: PlaybookParams,
    response: { 200: MessageBody },
  }),
};
