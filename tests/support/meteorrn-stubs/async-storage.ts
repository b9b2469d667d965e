/**
 * An in-memory AsyncStorage with the same promise API, where @meteorrn/core
 * keeps the login token it resumes with on every (re)connection. The bundle
 * re-exports it so the test can read what the library stored.
 */
const items = new Map<string, string>();

const AsyncStorage = {
  async getItem(key: string): Promise<string | null> {
    return items.get(key) ?? null;
  },
  async setItem(key: string, value: string): Promise<void> {
    items.set(key, value);
  },
  async removeItem(key: string): Promise<void> {
    items.delete(key);
  },
  async clear(): Promise<void> {
    items.clear();
  },
};

export default AsyncStorage;
