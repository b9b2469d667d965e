// See package.json: Stockroom runs no Images binding, so sharp is not installed.
throw new Error("sharp is not installed: Stockroom does not use Cloudflare's Images binding");
