export { jobTables, type JobTables } from './tables';
export {
  createJobRunner,
  DEFAULT_JOBS_LEASE_MS,
  type EnqueueOptions,
  type HandleOptions,
  type JobContext,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
  type Jobs,
} from './job-runner';
export { purgeFinished, type RetentionOptions } from './retention';
