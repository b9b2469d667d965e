/**
 * NetInfo reporting a device that is always online: the line the test cuts
 * is past the device (a proxy in front of the server), so the network state
 * never changes and @meteorrn/core's own DDP reconnect is what is tested.
 * Like the real module, a new listener is told the current state once.
 */
interface NetInfoState {
  type: string;
  isConnected: boolean;
  isInternetReachable: boolean;
  isWifiEnabled: boolean;
}

const online: NetInfoState = { type: "wifi", isConnected: true, isInternetReachable: true, isWifiEnabled: true };

const NetInfo = {
  configure(_options: unknown): void {},
  async fetch(): Promise<NetInfoState> {
    return online;
  },
  addEventListener(listener: (state: NetInfoState) => void): () => void {
    const timer = setTimeout(() => listener(online), 0);
    return () => clearTimeout(timer);
  },
};

export default NetInfo;
