import { sql, type Kysely } from 'kysely';

/**
 * Versions that grow with time as well as with each change: a raise sets the area's version to the larger of
 * one more and the commit's clock in microseconds. Scaled out, Redis keeps the highest version announced for
 * each area (announcements may arrive in any order); a database replaced behind the same Redis (a new
 * database, `db copy`) then still raises its versions above every one announced before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function raise_content_version() returns trigger language plpgsql as $$
    begin
      update content_versions
        set version = greatest(version + 1, (extract(epoch from clock_timestamp()) * 1000000)::bigint)
        where area = tg_argv[0];
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function raise_content_version() returns trigger language plpgsql as $$
    begin
      update content_versions set version = version + 1 where area = tg_argv[0];
      return null;
    end $$`.execute(db);
}
