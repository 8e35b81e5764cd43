package storage

import (
	"container/list"
	"sync"

	"github.com/meeple-works/carcassonne/engine"
)

// cacheSize is the number of games whose latest engine state the Store
// keeps in memory.
const cacheSize = 256

// cacheKey is what a cached state was set up with besides its game id: a
// state is only used for a game with the same settings.
type cacheKey struct {
	seed    uint64
	options engine.Options
	players string
}

// stateCache keeps the engine states of the games played most recently,
// each after a known number of moves. Since the move log is append-only, a
// state after n moves holds for as long as the game is stored.
type stateCache struct {
	mu    sync.Mutex
	size  int
	order *list.List // of *cacheEntry, most recent first
	byID  map[int64]*list.Element
}

type cacheEntry struct {
	id    int64
	key   cacheKey
	moves int
	state *engine.Game
}

func newStateCache(size int) *stateCache {
	return &stateCache{size: size, order: list.New(), byID: map[int64]*list.Element{}}
}

// get returns a copy of the cached state of game id and its number of
// moves, when it was set up with key and has at most moves moves; nil
// otherwise.
func (c *stateCache) get(id int64, key cacheKey, moves int) (*engine.Game, int) {
	if c == nil || c.size == 0 {
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
	if c == nil || c.size == 0 || state == nil {
		return
	}
	key := cacheKey{seed: state.Seed(), options: state.Options()}
	for _, p := range state.Players() {
		key.players += p + ","
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byID[id]; ok {
		e := el.Value.(*cacheEntry)
		if e.key == key && e.moves > moves {
			return
		}
		e.key, e.moves, e.state = key, moves, state
		c.order.MoveToFront(el)
		return
	}
	c.byID[id] = c.order.PushFront(&cacheEntry{id: id, key: key, moves: moves, state: state})
	for c.order.Len() > c.size {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byID, last.Value.(*cacheEntry).id)
	}
}
