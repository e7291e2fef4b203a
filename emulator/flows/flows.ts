// The flow engine, in three parts: the flow file (flow-file.ts), which step answers a message
// (matching.ts), and the step's actions as `message.received` payloads (replies.ts).
export { FlowAction, loadFlows, triggerableEvents, type Flow, type Step } from './flow-file.ts';
export { handoverOf, matchStep, type BotInput, type Match } from './matching.ts';
export { buildReplies, pickText, withAbsoluteUrls, type ReplyFrame } from './replies.ts';
