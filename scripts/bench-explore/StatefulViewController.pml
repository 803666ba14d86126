/*
 * StatefulViewController (aschuch, master) for Spin, written by hand from the rules in
 * docs/models/StatefulViewController.md, for scripts/bench-explore.sh: the same space as
 * bench.spec (queue 5, no depth), to put Spin's run beside statectl's.
 *
 * One d_step per event: an event is one main-thread turn. The view state machine runs one
 * transition at a time; animated ones take 300 ms; a transition to the state already
 * current is dropped; views other than the target leave the container when a transition
 * completes; the container goes when a transition to content (NONE) completes.
 * Counters (completions, dropped, job ids) are not modelled: they are not part of a
 * configuration's identity either.
 */
#define QMAX 5
#define NONE 0
#define LOADING 1
#define ERROR 2
#define EMPTY 3
#define BIT(t) (1 << ((t) - 1))

bool hasContent = false;
byte cur = NONE;
byte last = NONE;
bool shown = false;
byte vis = 0;                 /* BIT(view) for each view in the container */
byte qt[QMAX];                /* queued jobs: target, animated, has completion */
bool qa[QMAX];
bool qc[QMAX];
byte qlen = 0;
bool inflight = false;        /* the job in flight, and its remaining time */
byte ft = NONE;
bool fa = false;
bool fc = false;
short remaining = 0;

hidden byte i, nt;
hidden byte na, nc;
hidden short budget;

inline complete() {
  inflight = false;
  vis = (ft == NONE -> 0 : vis & BIT(ft));
  if
  :: (ft == NONE && shown) -> shown = false
  :: else -> skip
  fi;
  ft = NONE; fa = false; fc = false; remaining = 0
}

inline begin(t, a, c) {
  if
  :: t == cur -> skip                          /* dropped: the completion never runs */
  :: else ->
     cur = t;
     if
     :: t != NONE -> shown = true; vis = vis | BIT(t)
     :: else -> skip
     fi;
     inflight = true; ft = t; fa = a; fc = c;
     remaining = (a -> 300 : 0);
     if
     :: !a -> complete()
     :: else -> skip
     fi
  fi
}

inline startQueued() {
  do
  :: (!inflight && qlen > 0) ->
     nt = qt[0]; na = qa[0]; nc = qc[0];
     i = 0;
     do
     :: i + 1 < qlen -> qt[i] = qt[i + 1]; qa[i] = qa[i + 1]; qc[i] = qc[i + 1]; i++
     :: else -> break
     od;
     qlen--;
     qt[qlen] = 0; qa[qlen] = false; qc[qlen] = false;
     begin(nt, na, nc)
  :: else -> break
  od;
  i = 0; nt = 0; na = false; nc = false
}

/* transitionViewStates: the decision tree, then the request (lastState is set at once). */
inline decide(loading, error, a, c) {
  nt = (hasContent -> NONE : (loading -> LOADING : (error -> ERROR : EMPTY)));
  last = nt;
  qt[qlen] = nt; qa[qlen] = a; qc[qlen] = c; qlen++;
  nt = 0
}

/* wait ends the turn, then the clock runs: each deadline completes the job in flight
   and starts the next. */
inline wait(ms) {
  startQueued();
  budget = ms;
  do
  :: (inflight && remaining <= budget) -> budget = budget - remaining; complete(); startQueued()
  :: else -> break
  od;
  if
  :: inflight -> remaining = remaining - budget
  :: else -> skip
  fi;
  budget = 0
}

/* A request is taken only if at most QMAX requests would wait after the turn. */
#define ROOM (!inflight || qlen < QMAX)
#define CHECK assert(inflight || qlen > 0 || cur == last); assert(vis != (BIT(LOADING) | BIT(ERROR) | BIT(EMPTY)))

active proctype events() {
  do
  :: d_step { ROOM -> decide(true, false, false, true); startQueued(); CHECK }     /* start */
  :: d_step { ROOM -> decide(true, false, true, true); startQueued(); CHECK }      /* start(animated: true) */
  :: d_step { ROOM -> decide(false, false, true, true); startQueued(); CHECK }     /* end */
  :: d_step { ROOM -> decide(false, true, true, true); startQueued(); CHECK }      /* end(error: "e") */
  :: d_step { ROOM -> decide(last == LOADING, last == ERROR, false, true); startQueued(); CHECK }   /* setup (a completion: the script's default) */
  :: d_step { hasContent = true; startQueued(); CHECK }
  :: d_step { hasContent = false; startQueued(); CHECK }
  :: d_step { wait(100); startQueued(); CHECK }
  :: d_step { wait(300); startQueued(); CHECK }
  od
}
