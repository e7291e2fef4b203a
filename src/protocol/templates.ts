// Schemas of the rich response templates bots on the service send
// (../shared/spec/response-templates.md), checked at the edge. Lenient where the vendor's own
// examples vary (optional fields missing, numbers sent as strings, extra fields); the addresses
// are checked after parsing (conversation/rich.ts), so one unsafe button does not sink a card.
import * as z from 'zod/mini';

/** A value some examples send as a number and others as a string. */
const NumberOrString = z.custom<number | string>((value) => typeof value === 'number' || typeof value === 'string');
/** `newTab`: true, or "true" as some examples send it; anything else reads as false. */
const Flag = z.optional(z.unknown());

/** 2.4 params, `{ name: [ { value, match? } ] }`: an object of lists, passed on as sent. */
const Params = z.custom<Record<string, Array<{ value: unknown; match?: string }>>>(
  (value) => typeof value === 'object' && value !== null && Object.values(value).every(Array.isArray),
);

/**
 * What activating an image, a card or a list item does: `{type, value, params?}`; a button is
 * the same with a `label` (one schema for both: a button without a label is not drawn).
 */
export const TemplateAction = z.object({
  type: z.string(),
  label: z.optional(z.string()),
  value: z.optional(NumberOrString),
  params: z.optional(Params),
  newTab: Flag,
});
export type TemplateAction = z.infer<typeof TemplateAction>;

const Buttons = z.optional(z.array(TemplateAction));
const Title = z.optional(z.string());

/** `image`, `video`, `audio` and `file`. */
const MediaPayload = z.object({ title: Title, url: z.string(), action: z.optional(TemplateAction) });

const LocationPayload = z.object({
  title: Title,
  lat: NumberOrString,
  long: NumberOrString,
  action: z.optional(TemplateAction),
});

/** A card; a list item is the same without buttons. */
export const CardPayload = z.object({
  title: z.string(),
  subtitle: Title,
  media: z.optional(z.object({ url: z.string(), type: Title })),
  buttons: Buttons,
  action: z.optional(TemplateAction),
});
export type CardPayload = z.infer<typeof CardPayload>;

const ButtonsPayload = z.object({ title: z.string(), buttons: z.array(TemplateAction) });

const CarouselPayload = z.object({ cards: z.array(CardPayload) });

const ListPayload = z.object({ items: z.array(CardPayload), buttons: Buttons });

/** The schema of each template type the widget draws. */
export const TemplatePayloads = {
  image: MediaPayload,
  video: MediaPayload,
  audio: MediaPayload,
  file: MediaPayload,
  location: LocationPayload,
  card: CardPayload,
  buttons: ButtonsPayload,
  carousel: CarouselPayload,
  list: ListPayload,
};
export type TemplateType = keyof typeof TemplatePayloads;
export type TemplatePayload<T extends TemplateType> = z.infer<(typeof TemplatePayloads)[T]>;
