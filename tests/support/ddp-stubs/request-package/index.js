// See package.json. A SockJS info request fails as a network error would; ddp then retries.
exports.get = (_options, callback) => {
  setTimeout(() => callback(new Error("request is not installed: connect with useSockJs: false")), 0);
};
