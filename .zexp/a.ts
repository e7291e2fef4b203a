import { h, render } from 'preact';
import { useEffect, useRef, useState, useMemo, useCallback } from 'preact/hooks';
import { signal, computed, effect, batch } from '@preact/signals-core';
(globalThis as any).x = { h, render, useEffect, useRef, useState, useMemo, useCallback, signal, computed, effect, batch };
