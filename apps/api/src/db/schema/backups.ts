import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Every restore that committed: the row is written in the restore's own transaction, so after a
 * crash the next start knows from it whether the database took the backup, and so whether to finish swapping the
 * media in or to throw the staged media away. Kept out of backups and never emptied by a restore.
 */
export const backupRestores = pgTable('backup_restores', {
  id: uuid('id').primaryKey(),
  /** The archive restored, as it was named in the backups folder (or the converter's name for a Mealie backup). */
  archive: text('archive').notNull(),
  restoredAt: timestamp('restored_at', { withTimezone: true }).notNull().defaultNow(),
})
