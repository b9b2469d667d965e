/**
 * What each method answers, by name, from its declaration (args.ts and the
 * feature files it gathers): the server's `run` must answer it
 * (worker/contract.ts) and the app's calls are typed by it (app/live-api.ts).
 */
import type { METHODS, MethodName } from "./args";
import type { AnswerOf } from "./contract";

export type MethodResults = { [N in MethodName]: AnswerOf<(typeof METHODS)[N]> };
