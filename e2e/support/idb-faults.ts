// Makes a page's IndexedDB fail the ways browsers fail, on command from a test: `quota`
// (every put throws QuotaExceededError, as on a full disk), `closeAll()` (every open connection
// is closed, as Safari does: later transactions on it throw InvalidStateError), and `slowMs`
// (a write transaction is kept from committing that long). Installed with addInitScript, so it
// wraps IndexedDB before the page's own scripts run.
import type { BrowserContext, Page } from '@playwright/test';

interface IdbFaults {
  mode: 'ok' | 'quota';
  slowMs: number;
  refusedPuts: number;
  closedConnections: number;
  closeAll(): void;
}

declare global {
  interface Window {
    idbFaults: IdbFaults;
  }
}

function install(): void {
  const connections: IDBDatabase[] = [];
  const faults: IdbFaults = {
    mode: 'ok',
    slowMs: 0,
    refusedPuts: 0,
    closedConnections: 0,
    closeAll() {
      for (const db of connections.splice(0)) {
        db.close();
        faults.closedConnections++;
      }
    },
  };
  window.idbFaults = faults;
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory['open']>) {
    const request = open.apply(this, args);
    request.addEventListener('success', () => connections.push(request.result));
    return request;
  };
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (faults.mode === 'quota') {
      faults.refusedPuts++;
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    const request = put.apply(this, args);
    if (faults.slowMs > 0) {
      // A transaction commits when no request is left: keep one going until the deadline.
      const until = Date.now() + faults.slowMs;
      const keepAlive = (store: IDBObjectStore) => {
        if (Date.now() < until) store.count().onsuccess = () => keepAlive(store);
      };
      keepAlive(this);
    }
    return request;
  };
}

export async function withIdbFaults(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(install);
}
