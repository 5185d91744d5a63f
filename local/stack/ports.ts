// Every port of the local stack. An offset runs a second stack beside the first (tests).
export interface StackPorts {
  web: number;
  convex: number;
  convexSite: number;
  standIns: number;
}

export function stackPorts(offset = 0): StackPorts {
  return {
    web: 5173 + offset,
    convex: 3210 + offset,
    convexSite: 3211 + offset,
    standIns: 3220 + offset,
  };
}
