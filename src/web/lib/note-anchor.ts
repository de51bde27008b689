/**
 * The address fragment that names one session note in the record's Notes section
 * (`?section=notes#note-{uuid}`): a session links to its note by it, and the note's heading has
 * it as its id.
 */
export const noteAnchor = (noteUuid: string) => `note-${noteUuid}`
