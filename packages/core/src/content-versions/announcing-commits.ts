import { AppError } from '../errors.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';

/**
 * The unit of work, with `announce` run after each of its commits and before the caller goes on (before a
 * write's response, before a CLI command ends): scaled out, it tells the other instances the versions the
 * commit raised. A failed unit announces nothing. When the announcement fails the change stays committed and
 * the caller is told so (SERVICE_UNAVAILABLE): other instances may not see it until their next resynchronisation.
 */
export function announcingCommits(unitOfWork: UnitOfWork, announce: () => Promise<void>): UnitOfWork {
  return {
    async run(work) {
      const result = await unitOfWork.run(work);
      try {
        await announce();
      } catch {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The change was saved, but the other instances could not be told of it yet; they will see it within seconds.',
        );
      }
      return result;
    },
  };
}
