/**
 * Random ids for subscriptions and method random seeds, in Meteor's
 * `Random.id` alphabet (no look-alike characters). Uses the platform CSPRNG:
 * a random seed lets the server derive the ids of documents a method
 * inserts, so it must not be guessable from earlier ones.
 */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz";
/** Bytes at or above this would favour the first letters; they are skipped. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export function randomId(length = 17): string {
  let id = "";
  while (id.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < UNBIASED_LIMIT && id.length < length) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}
