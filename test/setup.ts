// IndexedDB for the persistence tests (Node and happy-dom have none).
import 'fake-indexeddb/auto';
