/**
 * The cron handler's job list. Each job runs on its own so one failure does
 * not stop the others; later issues add data migrations, store sync and
 * expired-token clean-up here.
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
