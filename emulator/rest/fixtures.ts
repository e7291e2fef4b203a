// What the emulator's "dashboard" holds for the REST API: business hours (spec 2.8) and audience
// segments (spec 2.9). Fixed, documented data: a back end under test can rely on it.

/** Spec 2.8. */
export const BUSINESS_HOURS = [
  {
    label: 'Support',
    timezone: 'Europe/Amsterdam',
    weekdays: [
      ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((weekday) => ({
        weekday,
        content: [
          { from: '9:00', to: '12:30' },
          { from: '13:30', to: '17:30' },
        ],
      })),
      { weekday: 'saturday', content: [{ from: '10:00', to: '14:00' }] },
    ],
    holidays: [
      { holiday: "New Year's Day", date: '2027-01-01T00:00:00.000Z' },
      { holiday: 'Christmas Day', date: '2026-12-25T00:00:00.000Z' },
    ],
  },
];

/** Spec 2.9. */
export const SEGMENTS = [
  {
    agentId: 'parley-emulator',
    audienceId: 'seg_newsletter',
    channels: ['sms', 'whatsapp'],
    conditions: [{ condition: 'tag', conditionValue: 'newsletter' }],
    contact: 'phoneNumber',
    createdAfterCondition: null,
    createdBeforeCondition: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-06-01T09:00:00.000Z',
    importCondition: 'none',
    title: 'Newsletter subscribers',
    type: 'segment',
  },
  {
    agentId: 'parley-emulator',
    audienceId: 'seg_vip',
    channels: ['rbm'],
    conditions: [{ condition: 'tag', conditionValue: 'vip' }],
    contact: 'identifier',
    createdAfterCondition: '2025-01-01T00:00:00.000Z',
    createdBeforeCondition: null,
    createdAt: '2026-02-10T09:00:00.000Z',
    updatedAt: '2026-02-10T09:00:00.000Z',
    importCondition: 'none',
    title: 'VIP customers',
    type: 'segment',
  },
];

/** A segment named by a broadcast's audience: by its title or its audienceId. */
export function findSegment(ref: { name?: string | undefined; id?: string | undefined }) {
  return SEGMENTS.find((s) => (ref.id === undefined || s.audienceId === ref.id) && (ref.name === undefined || s.title === ref.name));
}
