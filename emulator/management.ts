// The management API (spec 4.6): GET /v1/projects/:projectId/flows?limit=&skip=, with
// `Authorization: Bearer <management key>` (the bare key too, as one of the spec's examples
// shows it: logged as a departure, refused with --strict).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendError, sendJson } from './core/http.ts';
import type { EmulatorLog } from './core/log.ts';
import type { ResolvedOptions } from './core/options.ts';
import { refuses } from './core/strictness.ts';

export function listFlows(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: { projectId: string; rawFlows: unknown[]; options: ResolvedOptions; log: EmulatorLog },
): void {
  const refusal = checkManagementKey(header(req, 'authorization')?.trim(), deps);
  if (refusal) return sendError(req, res, 401, refusal);
  const project = projectFlows(deps.rawFlows, deps.projectId);
  if (!project.known)
    return sendError(
      req,
      res,
      404,
      `no project "${deps.projectId}": the flows are those of ${project.projects.map((id) => `"${id}"`).join(', ')}`,
    );
  const limit = count(url, 'limit');
  const skip = count(url, 'skip');
  if (limit === null)
    return sendJson(req, res, 400, { status: 'error', field: 'limit', message: 'limit must be a whole number of 0 or more' });
  if (skip === null)
    return sendJson(req, res, 400, { status: 'error', field: 'skip', message: 'skip must be a whole number of 0 or more' });
  const unknown = [...url.searchParams.keys()].filter((k) => k !== 'limit' && k !== 'skip');
  if (unknown.length) {
    if (refuses(deps, 'management', `unknown query parameter(s) ${unknown.join(', ')} (not limit or skip)`)) {
      return sendJson(req, res, 400, {
        status: 'error',
        field: unknown[0],
        message: `${unknown[0]}: not a query parameter of this endpoint (limit, skip)`,
      });
    }
  }
  const start = skip ?? 0;
  sendJson(req, res, 200, project.flows.slice(start, limit === undefined ? undefined : start + limit));
}

/**
 * A project's flows. Decision: the projects are the `projectId`s of the flows file; a flow
 * without one belongs to every project, and a file whose flows name no project answers any id.
 */
function projectFlows(rawFlows: unknown[], projectId: string): { known: boolean; projects: string[]; flows: unknown[] } {
  const projectOf = (flow: unknown) =>
    typeof flow === 'object' && flow !== null ? (flow as { projectId?: unknown }).projectId : undefined;
  const projects = [...new Set(rawFlows.map(projectOf).filter((id): id is string => typeof id === 'string'))];
  const flows = rawFlows.filter((flow) => projectOf(flow) === undefined || projectOf(flow) === projectId);
  return { known: projects.length === 0 || projects.includes(projectId), projects, flows };
}

function checkManagementKey(given: string | undefined, deps: { options: ResolvedOptions; log: EmulatorLog }): string | undefined {
  const key = deps.options.managementKey;
  if (!given) return 'Authorization header is required: Authorization: Bearer <management API key>';
  if (given === `Bearer ${key}`) return undefined;
  if (given === key) {
    const problem = 'the management API wants "Bearer " before the key (one example of the spec shows it without)';
    return refuses(deps, 'management', problem) ? problem : undefined;
  }
  return 'invalid management API key';
}

/** A non-negative integer query value; undefined when absent, null when malformed. */
function count(url: URL, name: string): number | undefined | null {
  const value = url.searchParams.get(name);
  if (value === null) return undefined;
  return /^\d+$/.test(value) ? Number(value) : null;
}
