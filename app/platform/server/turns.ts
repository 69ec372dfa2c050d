/**
 * Starts at most `perTurn` requests per event-loop turn, in arrival order. Why: a request to React
 * Router runs to its answer in microtasks, so when requests were started from the socket callbacks,
 * one turn's poll phase worked through every request that had arrived (~120 ms under load), and libuv
 * accepts only one new connection per turn: the last of a burst of 50 new connections waited seconds
 * for its first answer (the bench's p99; R1 shows it too). Short turns accept new connections quickly.
 */
export function createTurnTaker(perTurn: number) {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const startSome = () => {
    scheduled = false;
    for (const start of waiting.splice(0, perTurn)) start();
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    scheduled = true;
    setImmediate(startSome);
  };
  return function inTurn<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => void work().then(resolve, reject));
      if (!scheduled) schedule();
    });
  };
}
