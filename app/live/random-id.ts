/**
 * Random ids for subscriptions and method random seeds, in Meteor's
 * `Random.id` alphabet: the platform CSPRNG (a random seed lets the server
 * derive the ids of documents a method inserts, so it must not be
 * guessable from earlier ones). One implementation, shared with the server.
 */
export { randomId } from "../../protocol/random-stream";
