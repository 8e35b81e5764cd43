package storage

import (
	"container/list"
	"sync"

	"github.com/meeple-works/carcassonne/engine"
)

// cacheKey is what a cached state was set up with besides its game id: a
// state is only used for a game with the same settings.
type cacheKey struct {
	seed       uint64
	options    engine.Options
	expansions engine.ExpansionSet
	players    string
}

// stateCache keeps the engine states of the games played most recently,
// each after a known number of moves, up to a number of bytes: the least
// recently used go first. Since the move log is append-only, a state after
// n moves holds for as long as the game is stored.
type stateCache struct {
	mu    sync.Mutex
	limit int        // bytes at most
	bytes int        // bytes held, the entries' sizes summed
	order *list.List // of *cacheEntry, most recent first
	byID  map[int64]*list.Element
}

type cacheEntry struct {
	id    int64
	key   cacheKey
	moves int
	state *engine.Game
	size  int // bytes: the state's MemSize and the entry's own
}

// entryOverhead is about what an entry costs besides its state: the entry,
// its list element, its map slot and its key's names.
const entryOverhead = 256

// newStateCache returns a cache of at most limit bytes.
func newStateCache(limit int) *stateCache {
	return &stateCache{limit: limit, order: list.New(), byID: map[int64]*list.Element{}}
}

// get returns a copy of the cached state of game id and its number of
// moves, when it was set up with key and has at most moves moves; nil
// otherwise.
func (c *stateCache) get(id int64, key cacheKey, moves int) (*engine.Game, int) {
	if c == nil || c.limit <= 0 {
		return nil, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byID[id]
	if !ok {
		return nil, 0
	}
	e := el.Value.(*cacheEntry)
	if e.key != key || e.moves > moves {
		return nil, 0
	}
	c.order.MoveToFront(el)
	return e.state.Clone(), e.moves
}

// put caches state as game id's after moves moves, unless a later state is
// cached. The cache keeps state: the caller must not change it afterwards.
func (c *stateCache) put(id int64, moves int, state *engine.Game) {
	if c == nil || c.limit <= 0 || state == nil {
		return
	}
	key := cacheKey{seed: state.Seed(), options: state.Options()}
	for _, p := range state.Players() {
		key.players += p + ","
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	size := state.MemSize() + entryOverhead + len(key.players)
	if el, ok := c.byID[id]; ok {
		e := el.Value.(*cacheEntry)
		if e.key == key && e.moves > moves {
			return
		}
		c.bytes += size - e.size
		e.key, e.moves, e.state, e.size = key, moves, state, size
		c.order.MoveToFront(el)
	} else {
		c.byID[id] = c.order.PushFront(&cacheEntry{id: id, key: key, moves: moves, state: state, size: size})
		c.bytes += size
	}
	for c.bytes > c.limit && c.order.Len() > 0 {
		last := c.order.Back()
		e := last.Value.(*cacheEntry)
		c.order.Remove(last)
		delete(c.byID, e.id)
		c.bytes -= e.size
	}
}
