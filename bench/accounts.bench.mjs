// Accounts benchmarks (docs/protocol.md §2), each beside a baseline from the same run:
//   (a) password hashing in workerd: argon2id (WebAssembly) vs PBKDF2-SHA-256
//       100k (WebCrypto, what Stockroom uses) — time per hash;
//   (b) password login and resume login vs a no-op method on the same object;
//   (c) answers that must not tell whether an address has an account:
//       createUser and forgotPassword for a taken address vs a new one
//       (median of each, interleaved; target within 1.1×).
import {
  about,
  ddp,
  knob,
  ms,
  percentile,
  report,
  reportSimilar,
  section,
  signedUp,
  sleep,
  startBenchServer,
} from "./harness.mjs";

const HASH_ROUNDS = knob("BENCH_HASH_ROUNDS", 7, 1);
const LOGINS = knob("BENCH_LOGINS", 30, 3);
/** Timing that must not tell anything needs more samples than the noise of a shared machine. */
const ANSWERS = knob("BENCH_ANSWERS", 80, 4);

about(
  "Password hashing in workerd (argon2id in WebAssembly) beside PBKDF2-SHA-256 at 100,000 iterations (WebCrypto, what Stockroom uses); " +
    "login round trips beside a no-op method on the same object; createUser and forgotPassword for an address with an account beside one without (they must not tell).",
);

const server = await startBenchServer();
try {
  // (a) Each request hashes 4 times; the figure is the median per hash.
  const perHash = async (scheme) => {
    await fetch(`${server.url}/bench/hash?scheme=${scheme}&n=1`);
    const times = [];
    for (let i = 0; i < HASH_ROUNDS; i++) {
      const t = performance.now();
      const response = await fetch(`${server.url}/bench/hash?scheme=${scheme}&n=4`);
      if (!response.ok) throw new Error(`${scheme}: ${response.status} ${await response.text()}`);
      times.push((performance.now() - t) / 4);
    }
    return percentile(times, 50);
  };
  section("(a) one password hash in workerd, median, vs PBKDF2-SHA-256 at 100,000 iterations (WebCrypto)");
  const pbkdf2 = await perHash("pbkdf2");
  report("PBKDF2-SHA-256 100k (baseline itself)", pbkdf2, pbkdf2, ms);
  report("argon2id m=19 MiB t=2 (WebAssembly)", await perHash("argon2id-19m-t2"), pbkdf2, ms);
  report("argon2id m=7 MiB t=5 (WebAssembly)", await perHash("argon2id-7m-t5"), pbkdf2, ms);

  // (b) Logins on a room's object, each on a fresh connection (login is
  // rate-limited per connection); connecting is not timed.
  const user = await signedUp(server.wsUrl, "accounts");
  const { home, email, token } = user;
  const roomId = await user.newRoom("bench");
  const roomUrl = `${server.wsUrl}/api/rooms/${roomId}/websocket`;
  const timeCall = async (method, params) => {
    const client = await ddp(roomUrl);
    const t = performance.now();
    await client.call(method, params);
    const elapsed = performance.now() - t;
    client.close();
    return elapsed;
  };
  const noop = [];
  const resume = [];
  const password = [];
  for (let i = 0; i < LOGINS; i++) {
    noop.push(await timeCall("bench.noop", []));
    resume.push(await timeCall("login", [{ resume: token }]));
    password.push(await timeCall("login", [{ user: { email }, password: "bench password" }]));
  }
  section(`(b) login round trip on a room's object, median of ${LOGINS}, vs a no-op method`);
  const base = percentile(noop, 50);
  report("resume login", percentile(resume, 50), base, ms);
  report("password login", percentile(password, 50), base, ms);

  // (c) Each call on a fresh home connection (these are rate-limited per
  // connection); an error answer (address taken) is timed like any other.
  const homeUrl = `${server.wsUrl}/api/websocket?shard=1`;
  const timeAnswer = async (method, params) => {
    // E-mail goes out after an answer: let the previous call's finish first, so it is not timed here.
    await sleep(150);
    const client = await ddp(homeUrl);
    const t = performance.now();
    await client.call(method, params).catch(() => {});
    const elapsed = performance.now() - t;
    client.close();
    return elapsed;
  };
  const taken = { signUp: [], forgot: [] };
  const fresh = { signUp: [], forgot: [] };
  for (let i = 0; i < ANSWERS; i++) {
    taken.signUp.push(await timeAnswer("createUser", [{ email, password: "bench password" }]));
    fresh.signUp.push(await timeAnswer("createUser", [{ email: `new${i}-${email}`, password: "bench password" }]));
    taken.forgot.push(await timeAnswer("forgotPassword", [{ email }]));
    fresh.forgot.push(await timeAnswer("forgotPassword", [{ email: `nobody${i}-${email}` }]));
  }
  section(`(c) answers for an address with an account vs one without, median of ${ANSWERS}`);
  reportSimilar("createUser, address taken", percentile(taken.signUp, 50), percentile(fresh.signUp, 50), ms, 1.1);
  reportSimilar("forgotPassword, address known", percentile(taken.forgot, 50), percentile(fresh.forgot, 50), ms, 1.1);
  home.close();
} finally {
  await server.stop();
}
