import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { studentProfiles } from './profiles'
import { users } from './users'

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => studentProfiles.userId, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** A link's address; null for an uploaded file. */
    url: text('url'),
    /** An uploaded file: where the file store keeps it, and what the uploader sent. */
    fileKey: text('file_key').unique(),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: bigint('file_size', { mode: 'number' }),
    hidden: boolean('hidden').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('documents_url_http', sql`${table.url} ~* '^https?://[^[:space:]]+$'`),
    // Exactly one of a link or a file, and a file carries all of its metadata.
    check(
      'documents_link_or_file',
      sql`(${table.url} is not null and ${table.fileKey} is null and ${table.fileName} is null and ${table.fileType} is null and ${table.fileSize} is null)
        or (${table.url} is null and ${table.fileKey} is not null and ${table.fileName} is not null and ${table.fileType} is not null and ${table.fileSize} between 1 and 26214400)`,
    ),
    check('documents_name_length', sql`char_length(${table.name}) between 1 and 200`),
    index('documents_student_idx').on(table.studentId, table.pinned, table.createdAt),
  ],
)
