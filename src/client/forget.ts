// Deleting the conversation from this browser: forget(), and the panel's "Delete this conversation".
// Replaced by the storage-modes work (issue 30): deletes every record and key.
export async function forgetConversation(parts: { reset: () => Promise<void> }): Promise<void> {
  await parts.reset();
}
