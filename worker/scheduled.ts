/**
 * The cron handler's job list (registered in worker/index.ts; docs/operations.md
 * lists them). Each job runs on its own so one failure does not stop the
 * others.
 */
type Job = { name: string; run(env: Env, now: number): Promise<void> };

const jobs: Job[] = [];

export function registerJob(job: Job): void {
  jobs.push(job);
}

export async function runScheduledJobs(env: Env, now: number): Promise<void> {
  for (const job of jobs) {
    try {
      await job.run(env, now);
    } catch (error) {
      console.error(`cron: job ${job.name} failed`, error);
    }
  }
}
