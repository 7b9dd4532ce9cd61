/**
 * The react-admin store of the console: column choices of the lists (`preferences.grid.<user id>.
 * <resource>.*`, written by `DatagridConfigurable` / `SelectColumnsButton`) persist in
 * localStorage per user across reloads and sign-outs; everything else lives in memory (the
 * language lives in its cookie, the sidebar in its own).
 */
import { localStorageStore, memoryStore, type Store } from 'react-admin';

/** Store keys kept across reloads. */
export const PERSISTED_PREFIX = 'preferences.grid.';

export function consoleStore(): Store {
  const memory = memoryStore();
  const disk = localStorageStore('1', 'ChargeDesk');
  const of = (key: string) => (key.startsWith(PERSISTED_PREFIX) ? disk : memory);
  return {
    setup: () => {
      memory.setup();
      disk.setup();
    },
    teardown: () => {
      memory.teardown();
      disk.teardown();
    },
    getItem: (key, defaultValue) => of(key).getItem(key, defaultValue),
    setItem: (key, value) => of(key).setItem(key, value),
    removeItem: (key) => of(key).removeItem(key),
    removeItems: (prefix) => {
      memory.removeItems(prefix);
      disk.removeItems(prefix);
    },
    // Signing out resets the store: the column choices are per user and stay.
    reset: () => memory.reset(),
    subscribe: (key, callback) => of(key).subscribe(key, callback),
  };
}
