// The demo's help centre: the inline layout, registered from the sources like the demo page's.
import { defineParleyChat } from '../src/index.ts';

defineParleyChat();
