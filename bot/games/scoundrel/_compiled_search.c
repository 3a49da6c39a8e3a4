/* Scoundrel's solver search, compiled: the same rules on small ints (`positions.py`) and the
 * same search (`search.py`), move for move, at a hundred times the speed.
 *
 * Why it exists: "Could I have won?" must give the exact best score of a deal within a second,
 * and proving that no better score exists visits a few hundred thousand structures on the hard
 * deals, which the Python search expands at about ten thousand a second. The Python modules
 * stay the reference (and what runs where no C compiler was found at install): the tests hold
 * both to the engine and to each other, answer for answer.
 *
 * What is not here: the Python search's restarts of the win question in shaken move orders.
 * Compiled, the sweeps and the depth-first search in promise order answer it quickly enough
 * (on 1,000 deals of each variant, no win question took over a third of a second).
 *
 * A structure (see `positions.py`) is packed into one 64-bit key:
 *   bits 0-1 cards played in the room, 2 the last room was fled, 3 a potion already drunk,
 *   4-8 the weapon's ceiling, 9-12 the weapon, 13-36 the room (four 6-bit card codes in order,
 *   0 for an empty slot), 37-62 the deck id, 63 always set (0 is an empty slot in the maps).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HP 20
#define ROOM_SIZE 4
#define PLAYS_PER_ROOM 3
#define NEVER 99
#define FRESH 16
#define WEAPON_BASE 20
#define POTION_BASE 40
#define VALUES 16
#define MAX_CARDS 64
#define GOAL_OFFSET 1024
#define GOALS 1100

enum RunRule { ANY_ROOM = 0, NOT_TWICE_IN_A_ROW = 1, NEVER_RUN = 2 };
enum Kind { FIGHT_WITH_WEAPON = 0, FIGHT_BAREHANDED = 1, EQUIP = 2, DRINK = 3, RUN = 4 };

/* ---- maps: open addressing, 64-bit keys (0 = empty) to 32-bit values ---------------------- */

typedef struct {
    uint64_t *keys;
    int32_t *vals;
    size_t cap, len;
} Map;

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

/* `*array` grown to `count` items of `size` bytes, kept as it was if that fails (-1): every
 * array here grows this way, and a failed realloc must not lose the one it had. */
static int grow(void *array, size_t count, size_t size) {
    void **at = array;
    void *grown = realloc(*at, count * size);
    if (!grown) return -1;
    *at = grown;
    return 0;
}

static int map_init(Map *m, size_t cap) {
    m->cap = cap;
    m->len = 0;
    m->keys = calloc(cap, sizeof(uint64_t));
    m->vals = malloc(cap * sizeof(int32_t));
    return m->keys && m->vals ? 0 : -1;
}

static void map_free(Map *m) {
    free(m->keys);
    free(m->vals);
    m->keys = NULL;
    m->vals = NULL;
    m->cap = m->len = 0;
}

static inline int32_t map_get(const Map *m, uint64_t key, int32_t missing) {
    size_t mask = m->cap - 1, i = mix(key) & mask;
    for (;;) {
        uint64_t k = m->keys[i];
        if (k == key) return m->vals[i];
        if (k == 0) return missing;
        i = (i + 1) & mask;
    }
}

static int map_grow(Map *m) {
    Map bigger;
    if (map_init(&bigger, m->cap * 2) < 0) return -1;
    size_t mask = bigger.cap - 1;
    for (size_t j = 0; j < m->cap; j++) {
        uint64_t k = m->keys[j];
        if (!k) continue;
        size_t i = mix(k) & mask;
        while (bigger.keys[i]) i = (i + 1) & mask;
        bigger.keys[i] = k;
        bigger.vals[i] = m->vals[j];
    }
    bigger.len = m->len;
    map_free(m);
    *m = bigger;
    return 0;
}

static int map_put(Map *m, uint64_t key, int32_t val) {
    if ((m->len + 1) * 2 > m->cap && map_grow(m) < 0) return -1;
    size_t mask = m->cap - 1, i = mix(key) & mask;
    for (;;) {
        uint64_t k = m->keys[i];
        if (k == key) {
            m->vals[i] = val;
            return 0;
        }
        if (k == 0) {
            m->keys[i] = key;
            m->vals[i] = val;
            m->len++;
            return 0;
        }
        i = (i + 1) & mask;
    }
}

/* ---- decks: interned card sequences and what the bounds need of them ---------------------- */

typedef struct {
    int32_t offset, length;
    uint64_t hash;
    uint32_t monster_values; /* bit v set when a monster of value v is in the deck */
    int32_t monsters;        /* their total */
    int32_t potion_total;
    uint8_t counts[VALUES];  /* monsters of each value */
    uint8_t weapons[MAX_CARDS], weapon_count;  /* best first */
    uint8_t potions[MAX_CARDS], potion_count;  /* best first */
    int32_t suffix[ROOM_SIZE + 1]; /* the deck without its first k cards, once known (-1) */
} Deck;

typedef struct {
    PyObject_HEAD
    int rule;
    PyObject *too_long; /* the exception a search past its limit raises */
    long long expansions, limit; /* limit < 0: none */
    /* decks */
    Deck *decks;
    int32_t deck_count, deck_cap;
    uint8_t *cards;
    int64_t cards_len, cards_cap;
    Map deck_ids; /* hash -> first deck id with it; others chained in `deck_next` */
    int32_t *deck_next;
    /* structures met, by a dense index: the search's facts about each are in arrays by it,
     * one hash lookup away (separate tables cost a cache miss each) */
    Map index;
    uint64_t *node_of;
    int32_t *kid_list; /* the structure's moves (-1 until expanded) */
    int32_t *kin_next; /* the next in its kin's list (-1 at the end, -2 when not in one) */
    int32_t nodes, node_cap;
    int32_t *list_start, *list_count, list_len, list_cap;
    struct Kid *kids;
    int64_t kids_len, kids_cap;
    /* bounds per goal, by index: NULL for a goal not asked yet */
    int16_t *low[GOALS], *high[GOALS];
    /* kin: structures at one place (deck, room, plays) with other weapons and flags */
    Map kin_heads; /* kin key -> first index */
    int memo_only;
    int failed; /* 1: out of memory (a Python error is set), 2: past the limit */
} Searcher;

typedef struct Kid {
    uint64_t node; /* 0: the move plays the last card */
    int32_t at;    /* the index of `node`, once asked (-1 before) */
    uint32_t place_room; /* the room and deck runs must reach first (Easy), or 0 */
    int32_t place_deck;
    int16_t monsters_left, shortfall;
    int8_t damage, heal, bonus, best_potion;
    int8_t kind, code;
} Kid;

static inline int is_monster(int code) { return code < WEAPON_BASE; }
static inline int is_potion(int code) { return code >= POTION_BASE; }
static inline int value_of(int code) { return code % WEAPON_BASE; }

static uint64_t hash_cards(const uint8_t *cards, int n) {
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)n;
    for (int i = 0; i < n; i++) h = mix(h ^ (cards[i] + 0x100ULL * (uint64_t)(i + 1)));
    return h | 1;
}

static int insert_sorted_desc(uint8_t *into, uint8_t count, uint8_t v) {
    int i = count;
    while (i > 0 && into[i - 1] < v) {
        into[i] = into[i - 1];
        i--;
    }
    into[i] = v;
    return count + 1;
}

/* The id of a card sequence, interned on first sight. -1 on failure (Python error set). */
static int32_t deck_id(Searcher *s, const uint8_t *cards, int n) {
    uint64_t h = hash_cards(cards, n);
    int32_t id = map_get(&s->deck_ids, h, -1);
    for (int32_t d = id; d >= 0; d = s->deck_next[d]) {
        Deck *deck = &s->decks[d];
        if (deck->length == n && memcmp(s->cards + deck->offset, cards, n) == 0) return d;
    }
    if (s->deck_count == s->deck_cap) {
        int32_t cap = s->deck_cap ? s->deck_cap * 2 : 1024;
        if (grow(&s->decks, cap, sizeof(Deck)) < 0 ||
            grow(&s->deck_next, cap, sizeof(int32_t)) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        s->deck_cap = cap;
    }
    if (s->cards_len + n > s->cards_cap) {
        int64_t cap = s->cards_cap ? s->cards_cap * 2 : 65536;
        while (cap < s->cards_len + n) cap *= 2;
        if (grow(&s->cards, cap, 1) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        s->cards_cap = cap;
    }
    int32_t d = s->deck_count++;
    Deck *deck = &s->decks[d];
    memset(deck, 0, sizeof(Deck));
    deck->offset = (int32_t)s->cards_len;
    deck->length = n;
    deck->hash = h;
    memcpy(s->cards + s->cards_len, cards, n);
    s->cards_len += n;
    for (int i = 0; i < ROOM_SIZE + 1; i++) deck->suffix[i] = -1;
    for (int i = 0; i < n; i++) {
        int c = cards[i], v = value_of(c);
        if (is_monster(c)) {
            deck->monster_values |= 1u << v;
            deck->monsters += v;
            deck->counts[v]++;
        } else if (is_potion(c)) {
            deck->potion_total += v;
            deck->potion_count = insert_sorted_desc(deck->potions, deck->potion_count, v);
        } else {
            deck->weapon_count = insert_sorted_desc(deck->weapons, deck->weapon_count, v);
        }
    }
    s->deck_next[d] = id;
    if (map_put(&s->deck_ids, h, d) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return d;
}

static inline const uint8_t *deck_cards(Searcher *s, int32_t d) {
    return s->cards + s->decks[d].offset;
}

/* The deck without its first `take` cards. */
static int32_t deck_after(Searcher *s, int32_t d, int take) {
    if (take == 0) return d;
    int32_t known = s->decks[d].suffix[take];
    if (known >= 0) return known;
    int n = s->decks[d].length;
    uint8_t buf[MAX_CARDS];
    memcpy(buf, deck_cards(s, d) + take, n - take);
    int32_t after = deck_id(s, buf, n - take);
    if (after >= 0) s->decks[d].suffix[take] = after;
    return after;
}

/* ---- structures ------------------------------------------------------------------------- */

typedef struct {
    int32_t deck;
    uint8_t room[ROOM_SIZE], room_len;
    int weapon, ceiling, drunk, played, ran;
} Place;

static inline uint64_t pack_room(const uint8_t *room, int n) {
    uint64_t packed = 0;
    for (int i = 0; i < n; i++) packed |= (uint64_t)room[i] << (6 * i);
    return packed;
}

static inline int unpack_room(uint64_t packed, uint8_t *room) {
    int n = 0;
    for (int i = 0; i < ROOM_SIZE; i++) {
        int c = (int)((packed >> (6 * i)) & 63);
        if (!c) break;
        room[n++] = (uint8_t)c;
    }
    return n;
}

static inline uint64_t pack(const Place *p) {
    return (uint64_t)p->played | ((uint64_t)p->ran << 2) | ((uint64_t)p->drunk << 3) |
           ((uint64_t)p->ceiling << 4) | ((uint64_t)p->weapon << 9) |
           (pack_room(p->room, p->room_len) << 13) | ((uint64_t)p->deck << 37) | (1ULL << 63);
}

static inline void unpack(uint64_t key, Place *p) {
    p->played = (int)(key & 3);
    p->ran = (int)((key >> 2) & 1);
    p->drunk = (int)((key >> 3) & 1);
    p->ceiling = (int)((key >> 4) & 31);
    p->weapon = (int)((key >> 9) & 15);
    p->room_len = (uint8_t)unpack_room((key >> 13) & 0xffffffULL, p->room);
    p->deck = (int32_t)((key >> 37) & 0x3ffffffULL);
}

static inline uint64_t kin_key(uint64_t node) {
    /* the deck, room and plays: structures that differ only in weapon and flags share it */
    return node & ~(uint64_t)((1ULL << 13) - 1 - 3);
}

static void sort_room(uint8_t *room, int n) {
    for (int i = 1; i < n; i++) {
        uint8_t c = room[i];
        int j = i;
        while (j > 0 && room[j - 1] > c) {
            room[j] = room[j - 1];
            j--;
        }
        room[j] = c;
    }
}

/* The weapon as the monsters still to come see it (`_sharpened`). */
static void sharpen(int *weapon, int *ceiling, uint32_t monsters) {
    if (!*weapon) {
        *ceiling = 0;
        return;
    }
    uint32_t reachable = monsters & ((1u << *ceiling) - 1);
    if (!reachable) {
        *weapon = *ceiling = 0;
        return;
    }
    uint32_t above = monsters >> *ceiling;
    if (above)
        *ceiling += __builtin_ctz(above);
    else
        *ceiling = FRESH;
    int strongest = 31 - __builtin_clz(reachable);
    if (*weapon > strongest) *weapon = strongest;
}

/* Places compared by their cards (`Rules._order`): room first, then the deck. */
static int place_before(Searcher *s, const uint8_t *room_a, int na, int32_t deck_a,
                        const uint8_t *room_b, int nb, int32_t deck_b) {
    int n = na < nb ? na : nb;
    for (int i = 0; i < n; i++)
        if (room_a[i] != room_b[i]) return room_a[i] < room_b[i];
    if (na != nb) return na < nb;
    const Deck *da = &s->decks[deck_a], *db = &s->decks[deck_b];
    const uint8_t *ca = deck_cards(s, deck_a), *cb = deck_cards(s, deck_b);
    int m = da->length < db->length ? da->length : db->length;
    for (int i = 0; i < m; i++)
        if (ca[i] != cb[i]) return ca[i] < cb[i];
    return da->length < db->length;
}

/* One step of a chain of runs: the room goes under the deck and the top four are dealt. */
static int run_once(Searcher *s, uint8_t *room, int *room_len, int32_t *deck) {
    uint8_t all[MAX_CARDS + ROOM_SIZE];
    const Deck *d = &s->decks[*deck];
    int n = d->length;
    memcpy(all, deck_cards(s, *deck), n);
    memcpy(all + n, room, *room_len);
    int total = n + *room_len;
    int dealt = total < ROOM_SIZE ? total : ROOM_SIZE;
    memcpy(room, all, dealt);
    *room_len = dealt;
    int32_t after = deck_id(s, all + dealt, total - dealt);
    if (after < 0) return -1;
    *deck = after;
    return 0;
}

/* The canonical structure (`Rules.node`): facts that cannot matter any more are dropped. */
static int canonical(Searcher *s, Place *p) {
    const Deck *deck = &s->decks[p->deck];
    uint32_t mask = deck->monster_values;
    int potion = 0;
    for (int i = 0; i < p->room_len; i++) {
        int c = p->room[i];
        if (is_monster(c)) mask |= 1u << c;
        if (is_potion(c)) potion = 1;
    }
    sharpen(&p->weapon, &p->ceiling, mask);
    p->drunk = p->drunk && potion;
    if (!deck->length) {
        sort_room(p->room, p->room_len);
        p->played = 0;
        p->ran = 0;
        return 0;
    }
    if (s->rule != NOT_TWICE_IN_A_ROW || p->played) p->ran = 0;
    if (p->played || s->rule == NEVER_RUN || p->ran) {
        sort_room(p->room, p->room_len);
        return 0;
    }
    if (s->rule == ANY_ROOM) {
        uint8_t room[ROOM_SIZE], best_room[ROOM_SIZE];
        int len = p->room_len, best_len = len;
        int32_t at = p->deck, best_deck = at;
        memcpy(room, p->room, len);
        memcpy(best_room, room, len);
        for (;;) {
            if (run_once(s, room, &len, &at) < 0) return -1;
            if (at == p->deck && len == p->room_len && memcmp(room, p->room, len) == 0) break;
            if (place_before(s, room, len, at, best_room, best_len, best_deck)) {
                memcpy(best_room, room, len);
                best_len = len;
                best_deck = at;
            }
        }
        memcpy(p->room, best_room, best_len);
        p->room_len = (uint8_t)best_len;
        p->deck = best_deck;
    }
    p->drunk = 0;
    p->played = 0;
    return 0;
}

/* ---- bounds ------------------------------------------------------------------------------ */

/* `least_damage`: the least damage the monsters left can deal with the play order relaxed. */
static int least_damage(const uint8_t *counts, const uint8_t *weapons, int weapon_count,
                        int weapon, int ceiling) {
    int first = weapon_count > 0 ? weapons[0] : 0;
    int second = weapon_count > 1 ? weapons[1] : 0;
    int held_first, held_second;
    if (weapon >= first) {
        held_first = weapon;
        held_second = first;
    } else {
        held_first = first;
        held_second = weapon > second ? weapon : second;
    }
    int damage = 0;
    for (int value = 2; value < VALUES; value++) {
        int count = counts[value];
        if (!count) continue;
        if (count > 2) {
            /* more than two of a value: each meets the best weapons left, the rest bare */
            uint8_t usable[MAX_CARDS + ROOM_SIZE + 1];
            int n = 0;
            for (int i = 0; i < weapon_count; i++) usable[n++] = weapons[i];
            if (weapon && value < ceiling) n = insert_sorted_desc(usable, (uint8_t)n, (uint8_t)weapon);
            for (int i = 0; i < count; i++) {
                int strength = i < n ? usable[i] : 0;
                if (value > strength) damage += value - strength;
            }
            continue;
        }
        int best = value < ceiling ? held_first : first;
        int next_best = value < ceiling ? held_second : second;
        if (value > best) damage += value - best;
        if (count == 2 && value > next_best) damage += value - next_best;
    }
    return damage;
}

/* (monsters left, shortfall, best potion left) of a structure (`Rules._bound`). */
static void bound(Searcher *s, const Place *p, int *monsters, int *shortfall, int *best_potion) {
    const Deck *deck = &s->decks[p->deck];
    uint8_t counts[VALUES];
    memcpy(counts, deck->counts, VALUES);
    uint8_t weapons[MAX_CARDS + ROOM_SIZE];
    int weapon_count = deck->weapon_count;
    memcpy(weapons, deck->weapons, weapon_count);
    int total = deck->monsters;
    int room_potions[ROOM_SIZE], room_potion_count = 0, room_potion_total = 0;
    int best = deck->potion_count ? deck->potions[0] : 0;
    for (int i = 0; i < p->room_len; i++) {
        int c = p->room[i], v = value_of(c);
        if (is_monster(c)) {
            counts[v]++;
            total += v;
        } else if (is_potion(c)) {
            room_potions[room_potion_count++] = v;
            room_potion_total += v;
            if (v > best) best = v;
        } else {
            weapon_count = insert_sorted_desc(weapons, (uint8_t)weapon_count, (uint8_t)v);
        }
    }
    int heals = (p->drunk ? 0 : 1) + (deck->length + PLAYS_PER_ROOM - 1) / PLAYS_PER_ROOM;
    int healing;
    if (heals >= deck->potion_count + room_potion_count) {
        healing = deck->potion_total + room_potion_total;
    } else {
        /* the best `heals` of the deck's potions (best first) and the room's */
        uint8_t all[MAX_CARDS + ROOM_SIZE];
        int n = deck->potion_count;
        memcpy(all, deck->potions, n);
        for (int i = 0; i < room_potion_count; i++)
            n = insert_sorted_desc(all, (uint8_t)n, (uint8_t)room_potions[i]);
        healing = 0;
        for (int i = 0; i < heals; i++) healing += all[i];
    }
    *monsters = total;
    *shortfall = least_damage(counts, weapons, weapon_count, p->weapon, p->ceiling) - healing;
    *best_potion = best;
}

/* ---- moves -------------------------------------------------------------------------------- */

typedef struct {
    Kid *items;
    int len, cap;
} Kids;

static int kids_push(Kids *k, const Kid *kid) {
    if (k->len == k->cap) {
        int cap = k->cap ? k->cap * 2 : 16;
        if (grow(&k->items, cap, sizeof(Kid)) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        k->cap = cap;
    }
    k->items[k->len++] = *kid;
    return 0;
}

/* One kid with the bounds of the structure it leaves (`Rules._kid`). */
static int make_kid(Searcher *s, Kid *kid, Place *after, int damage, int heal, int bonus,
                    int kind, int code) {
    memset(kid, 0, sizeof(Kid));
    kid->damage = (int8_t)damage;
    kid->heal = (int8_t)heal;
    kid->bonus = (int8_t)bonus;
    kid->kind = (int8_t)kind;
    kid->code = (int8_t)code;
    kid->place_deck = -1;
    kid->at = -1;
    if (!after) return 0;
    if (canonical(s, after) < 0) return -1;
    kid->node = pack(after);
    int monsters, shortfall, best;
    bound(s, after, &monsters, &shortfall, &best);
    kid->monsters_left = (int16_t)monsters;
    kid->shortfall = (int16_t)shortfall;
    kid->best_potion = (int8_t)best;
    return 0;
}

/* One card played (`Rules._after`): the room is dealt up to four after its third play while the
 * deck lasts, and the game ends when no card is left. */
static int after_play(Searcher *s, Kid *kid, const Place *p, const uint8_t *rest, int rest_len,
                      int weapon, int ceiling, int drunk, int damage, int heal, int bonus,
                      int kind, int code) {
    const Deck *deck = &s->decks[p->deck];
    int played = p->played + 1;
    if (!rest_len && !deck->length)
        return make_kid(s, kid, NULL, damage, heal, bonus, kind, code);
    Place after;
    after.deck = p->deck;
    memcpy(after.room, rest, rest_len);
    after.room_len = (uint8_t)rest_len;
    if (deck->length && played >= PLAYS_PER_ROOM) {
        int take = ROOM_SIZE - rest_len;
        if (take > deck->length) take = deck->length;
        memcpy(after.room + rest_len, deck_cards(s, p->deck), take);
        after.room_len = (uint8_t)(rest_len + take);
        after.deck = deck_after(s, p->deck, take);
        if (after.deck < 0) return -1;
        played = 0;
        drunk = 0;
    }
    after.weapon = weapon;
    after.ceiling = ceiling;
    after.drunk = drunk;
    after.played = played;
    after.ran = 0;
    return make_kid(s, kid, &after, damage, heal, bonus, kind, code);
}

/* Every play from a room (`Rules._plays`), with the dominated ones left out. */
static int plays(Searcher *s, Kids *out, const Place *p, uint32_t place_room, int32_t place_deck) {
    int first = out->len;
    for (int index = 0; index < p->room_len; index++) {
        int code = p->room[index], seen = 0;
        for (int j = 0; j < index; j++) seen |= p->room[j] == code;
        if (seen) continue;
        uint8_t rest[ROOM_SIZE];
        int rest_len = 0;
        for (int j = 0; j < p->room_len; j++)
            if (j != index) rest[rest_len++] = p->room[j];
        int value = value_of(code);
        Kid kid;
        if (is_monster(code)) {
            if (p->weapon && value < p->ceiling) {
                int damage = value > p->weapon ? value - p->weapon : 0;
                if (after_play(s, &kid, p, rest, rest_len, p->weapon, value, p->drunk, damage, 0,
                               0, FIGHT_WITH_WEAPON, code) < 0)
                    return -1;
                kid.place_room = place_room;
                kid.place_deck = place_deck;
                if (kids_push(out, &kid) < 0) return -1;
            }
            if (after_play(s, &kid, p, rest, rest_len, p->weapon, p->ceiling, p->drunk, value, 0,
                           0, FIGHT_BAREHANDED, code) < 0)
                return -1;
        } else if (!is_potion(code)) {
            if (after_play(s, &kid, p, rest, rest_len, value, FRESH, p->drunk, 0, 0, 0, EQUIP,
                           code) < 0)
                return -1;
        } else {
            if (after_play(s, &kid, p, rest, rest_len, p->weapon, p->ceiling, 1, 0,
                           p->drunk ? 0 : value, value, DRINK, code) < 0)
                return -1;
        }
        kid.place_room = place_room;
        kid.place_deck = place_deck;
        if (kids_push(out, &kid) < 0) return -1;
    }
    /* of moves leaving the same structure, only the first costing least */
    int kept = first;
    for (int i = first; i < out->len; i++) {
        Kid *kid = &out->items[i];
        int dominated = 0;
        if (kid->node) {
            for (int j = first; j < out->len && !dominated; j++) {
                Kid *other = &out->items[j];
                if (j == i || other->node != kid->node) continue;
                int mine = kid->damage - kid->heal, theirs = other->damage - other->heal;
                if (theirs < mine || (theirs == mine && other->bonus > kid->bonus) ||
                    (theirs == mine && other->bonus == kid->bonus && j < i))
                    dominated = 1;
            }
        }
        if (!dominated) out->items[kept++] = *kid;
    }
    out->len = kept;
    return 0;
}

/* `promise`: moves leaving the most HP above what the cards left must still cost first. */
static inline void promise(const Kid *kid, int *a, int *b, int *c) {
    if (!kid->node) {
        *a = -NEVER;
        *b = 0;
        *c = kid->code;
        return;
    }
    int ceiling = (int)((kid->node >> 4) & 31), weapon = (int)((kid->node >> 9) & 15);
    *a = kid->damage - kid->heal + kid->shortfall;
    *b = -ceiling * 16 - weapon;
    *c = kid->code;
}

static int promise_before(const Kid *x, const Kid *y) {
    int xa, xb, xc, ya, yb, yc;
    promise(x, &xa, &xb, &xc);
    promise(y, &ya, &yb, &yc);
    if (xa != ya) return xa < ya;
    if (xb != yb) return xb < yb;
    return xc < yc;
}

static void sort_by_promise(Kid *kids, int n) {
    for (int i = 1; i < n; i++) { /* stable, as Python's sort */
        Kid k = kids[i];
        int j = i;
        while (j > 0 && promise_before(&k, &kids[j - 1])) {
            kids[j] = kids[j - 1];
            j--;
        }
        kids[j] = k;
    }
}

/* The moves of a structure (`Rules._expand`), worked out once: the index of their list (its
 * kids are at `list_start` in the arena, which may move as it grows), or -1 on failure. */
static int32_t kids_of(Searcher *s, int32_t at) {
    int32_t list = s->kid_list[at];
    if (list >= 0) return list;
    uint64_t node = s->node_of[at];
    s->expansions++;
    if (s->limit >= 0 && s->expansions > s->limit) {
        s->failed = 2;
        return -1;
    }
    Place p;
    unpack(node, &p);
    const Deck *deck = &s->decks[p.deck];
    Kids made = {NULL, 0, 0};
    int fail = 0;
    if (p.played || !deck->length || s->rule == NEVER_RUN) {
        fail = plays(s, &made, &p, 0, -1);
    } else if (s->rule == ANY_ROOM) {
        Place at = p;
        int room_len = at.room_len;
        at.drunk = 0;
        at.played = 0;
        for (;;) {
            int before = made.len;
            uint32_t place_room = (uint32_t)pack_room(at.room, at.room_len);
            if (plays(s, &made, &at, place_room, at.deck) < 0) {
                fail = 1;
                break;
            }
            /* the same outcome from an earlier place is kept, this one dropped */
            int kept = before;
            for (int i = before; i < made.len; i++) {
                Kid *kid = &made.items[i];
                int same = 0;
                for (int j = 0; j < before && !same; j++) {
                    Kid *o = &made.items[j];
                    same = o->damage == kid->damage && o->heal == kid->heal &&
                           o->node == kid->node && o->bonus == kid->bonus;
                }
                if (!same) made.items[kept++] = *kid;
            }
            made.len = kept;
            room_len = at.room_len;
            if (run_once(s, at.room, &room_len, &at.deck) < 0) {
                fail = 1;
                break;
            }
            at.room_len = (uint8_t)room_len;
            if (at.deck == p.deck && at.room_len == p.room_len &&
                memcmp(at.room, p.room, p.room_len) == 0)
                break;
        }
    } else {
        fail = plays(s, &made, &p, 0, -1);
        if (!fail && !p.ran) {
            /* a run: the room under the deck, the top four dealt */
            Place after = p;
            int room_len = after.room_len;
            if (run_once(s, after.room, &room_len, &after.deck) < 0) {
                fail = 1;
            } else {
                after.room_len = (uint8_t)room_len;
                after.drunk = 0;
                after.played = 0;
                after.ran = 1;
                Kid kid;
                fail = make_kid(s, &kid, &after, 0, 0, 0, RUN, 0) < 0 ||
                       kids_push(&made, &kid) < 0;
            }
        }
    }
    if (fail) {
        free(made.items);
        s->failed = 1;
        return -1;
    }
    sort_by_promise(made.items, made.len);
    if (s->kids_len + made.len > s->kids_cap) {
        int64_t cap = s->kids_cap ? s->kids_cap * 2 : 65536;
        while (cap < s->kids_len + made.len) cap *= 2;
        if (grow(&s->kids, cap, sizeof(Kid)) < 0) {
            free(made.items);
            PyErr_NoMemory();
            s->failed = 1;
            return -1;
        }
        s->kids_cap = cap;
    }
    if (s->list_len == s->list_cap) {
        int32_t cap = s->list_cap ? s->list_cap * 2 : 4096;
        if (grow(&s->list_start, cap, sizeof(int32_t)) < 0 ||
            grow(&s->list_count, cap, sizeof(int32_t)) < 0) {
            free(made.items);
            PyErr_NoMemory();
            s->failed = 1;
            return -1;
        }
        s->list_cap = cap;
    }
    int32_t index = s->list_len++;
    s->list_start[index] = (int32_t)s->kids_len;
    s->list_count[index] = made.len;
    if (made.len) memcpy(s->kids + s->kids_len, made.items, made.len * sizeof(Kid));
    s->kids_len += made.len;
    free(made.items);
    s->kid_list[at] = index;
    return index;
}

/* ---- the search (`search.py`) ----------------------------------------------------------- */

/* The index of a structure, given one on first sight. -1 on failure (Python error set). */
static int32_t index_of(Searcher *s, uint64_t node) {
    int32_t at = map_get(&s->index, node, -1);
    if (at >= 0) return at;
    if (s->nodes == s->node_cap) {
        int32_t cap = s->node_cap ? s->node_cap * 2 : 65536;
        if (grow(&s->node_of, cap, sizeof(uint64_t)) < 0 ||
            grow(&s->kid_list, cap, sizeof(int32_t)) < 0 ||
            grow(&s->kin_next, cap, sizeof(int32_t)) < 0)
            goto oom;
        for (int g = 0; g < GOALS; g++) {
            if (s->low[g]) {
                if (grow(&s->low[g], cap, sizeof(int16_t)) < 0) goto oom;
                for (int32_t i = s->node_cap; i < cap; i++) s->low[g][i] = 1;
            }
            if (s->high[g]) {
                if (grow(&s->high[g], cap, sizeof(int16_t)) < 0) goto oom;
                for (int32_t i = s->node_cap; i < cap; i++) s->high[g][i] = NEVER;
            }
        }
        s->node_cap = cap;
    }
    at = s->nodes++;
    s->node_of[at] = node;
    s->kid_list[at] = -1;
    s->kin_next[at] = -2;
    if (map_put(&s->index, node, at) < 0) goto oom;
    return at;
oom:
    PyErr_NoMemory();
    s->failed = 1;
    return -1;
}

/* The goal's slot, its bounds started from its neighbours' (`Search._memo`): the least HP only
 * grows with the goal, so a floor proved for a lower goal holds for a higher one, and an HP
 * that reaches a higher goal reaches a lower one. -1 on failure. */
static int memo(Searcher *s, int goal) {
    int g = goal + GOAL_OFFSET;
    if (g < 0 || g >= GOALS) {
        PyErr_SetString(PyExc_ValueError, "goal out of range");
        s->failed = 1;
        return -1;
    }
    size_t size = (size_t)(s->node_cap ? s->node_cap : 1) * sizeof(int16_t);
    if (!s->low[g]) {
        int below = -1;
        for (int i = g - 1; i >= 0 && below < 0; i--)
            if (s->low[i]) below = i;
        int16_t *low = malloc(size);
        if (!low) goto oom;
        if (below >= 0)
            memcpy(low, s->low[below], size);
        else
            for (int32_t i = 0; i < s->node_cap; i++) low[i] = 1;
        s->low[g] = low;
    }
    if (!s->high[g]) {
        int above = -1;
        for (int i = g + 1; i < GOALS && above < 0; i++)
            if (s->high[i]) above = i;
        int16_t *high = malloc(size);
        if (!high) goto oom;
        if (above >= 0)
            memcpy(high, s->high[above], size);
        else
            for (int32_t i = 0; i < s->node_cap; i++) high[i] = NEVER;
        s->high[g] = high;
    }
    return g;
oom:
    PyErr_NoMemory();
    s->failed = 1;
    return -1;
}

static inline int16_t clamp16(int v) { return (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : v); }

#define FAILED (-100000)

static int need(Searcher *s, int g, int32_t at, int budget);

/* As `need`, for the position a move leaves, HP counted after the move (`Search._reach`).
 * `slot` is the move's place in the arena, where the index of its structure is kept once
 * known: a hash lookup saved on every later visit. */
static int reach(Searcher *s, int g, const Kid *kid, int budget, int64_t slot) {
    int goal = g - GOAL_OFFSET;
    if (!kid->node) {
        if (goal <= MAX_HP) return goal > 1 ? goal : 1;
        return kid->bonus >= goal - MAX_HP ? MAX_HP : NEVER;
    }
    if (goal <= MAX_HP) {
        if (goal <= 0) {
            int enough = goal + kid->monsters_left;
            if (enough < 1) enough = 1;
            if (enough <= budget) return enough;
        }
        if (goal + kid->shortfall > budget) return goal + kid->shortfall;
    } else {
        if (kid->best_potion < goal - MAX_HP) return NEVER;
        if (MAX_HP + kid->shortfall > budget) return MAX_HP + kid->shortfall;
    }
    int32_t at = kid->at;
    if (at < 0) {
        at = index_of(s, kid->node);
        if (at < 0) return FAILED;
        s->kids[slot].at = at;
    }
    return need(s, g, at, budget);
}

/* As `need`, for the positions that start with this move (`Search._via`). */
static int via(Searcher *s, int g, const Kid *kid, int budget, int64_t slot) {
    int goal = g - GOAL_OFFSET;
    if (kid->damage) {
        int enough = NEVER;
        if (goal <= 0) {
            enough = goal + kid->damage + kid->monsters_left;
            if (enough < 1) enough = 1;
            if (enough <= budget) return enough;
        }
        int after = budget - kid->damage;
        int survive = 1;
        if (after >= 1) {
            survive = reach(s, g, kid, after, slot);
            if (s->failed) return FAILED;
        }
        int through = kid->damage + survive;
        return enough < through ? enough : through;
    }
    if (kid->heal) {
        int after = budget + kid->heal;
        if (after > MAX_HP) after = MAX_HP;
        int n = reach(s, g, kid, after, slot);
        if (s->failed) return FAILED;
        if (n > MAX_HP) return NEVER;
        n -= kid->heal;
        return n > 1 ? n : 1;
    }
    return reach(s, g, kid, budget, slot);
}

/* (an HP known to suffice, a floor on the least HP) from the structure's kin (`_from_kin`):
 * one with a weapon at least as strong, a ceiling at least as high and no flag this one lacks
 * never needs more HP. */
static void from_kin(Searcher *s, int g, int32_t at, int32_t head, int *known, int *floor) {
    uint64_t node = s->node_of[at];
    int weapon = (int)((node >> 9) & 15), ceiling = (int)((node >> 4) & 31);
    int drunk = (int)((node >> 3) & 1), ran = (int)((node >> 2) & 1);
    const int16_t *low = s->low[g], *high = s->high[g];
    *known = high[at];
    *floor = low[at];
    for (int32_t i = head; i >= 0; i = s->kin_next[i]) {
        uint64_t o = s->node_of[i];
        int ow = (int)((o >> 9) & 15), oc = (int)((o >> 4) & 31);
        int od = (int)((o >> 3) & 1), orn = (int)((o >> 2) & 1);
        if (ow >= weapon && oc >= ceiling && od <= drunk && orn <= ran && low[i] > *floor)
            *floor = low[i];
        if (ow <= weapon && oc <= ceiling && od >= drunk && orn >= ran && high[i] < *known)
            *known = high[i];
    }
}

/* The least HP reaching the goal from `node` if some HP up to `budget` does, else a floor on
 * it above `budget` (`Search._need`). The first move that fits the budget ends the search: only
 * a bound is wanted, and any HP above it works too. */
static int need(Searcher *s, int g, int32_t at, int budget) {
    uint64_t node = s->node_of[at];
    int known = s->high[g][at];
    if (known <= budget) return known;
    int floor = s->low[g][at];
    if (floor > budget) return floor;
    uint64_t key = kin_key(node);
    int32_t head = map_get(&s->kin_heads, key, -1);
    if (head >= 0) {
        from_kin(s, g, at, head, &known, &floor);
        if (known <= budget) {
            s->high[g][at] = clamp16(known);
            return known;
        }
        if (floor > budget) {
            s->low[g][at] = clamp16(floor);
            return floor;
        }
    }
    if (s->memo_only) return NEVER;
    if (s->kin_next[at] == -2) {
        s->kin_next[at] = head;
        if (map_put(&s->kin_heads, key, at) < 0) {
            PyErr_NoMemory();
            s->failed = 1;
            return FAILED;
        }
    }
    int32_t list = kids_of(s, at);
    if (list < 0) return FAILED;
    int n = s->list_count[list];
    /* healing past full HP is not counted in a move's promise: a potion drunk then is lost */
    int small_order[128], small_keys[128];
    int *order = small_order, *keys = small_keys;
    if (n > 128) {
        order = malloc(2 * n * sizeof(int));
        if (!order) {
            PyErr_NoMemory();
            s->failed = 1;
            return FAILED;
        }
        keys = order + n;
    }
    int any_excess = 0;
    for (int i = 0; i < n; i++) {
        const Kid *kid = &s->kids[s->list_start[list] + i];
        int excess = budget + kid->heal - MAX_HP;
        int a, b, c;
        promise(kid, &a, &b, &c);
        keys[i] = a + (excess > 0 ? excess : 0);
        any_excess |= excess > 0 && kid->heal;
        order[i] = i;
    }
    if (any_excess) {
        for (int i = 1; i < n; i++) { /* stable by key */
            int o = order[i], j = i;
            while (j > 0 && keys[o] < keys[order[j - 1]]) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = o;
        }
    }
    int best = NEVER, found = 0;
    for (int i = 0; i < n && !found; i++) {
        /* a copy: the arena may move while the move is searched */
        int64_t slot = s->list_start[list] + order[i];
        Kid kid = s->kids[slot];
        int got = via(s, g, &kid, budget, slot);
        if (s->failed) break;
        if (got <= budget) {
            best = got;
            found = 1;
        } else if (got < best) {
            best = got;
        }
    }
    if (order != small_order) free(order);
    if (s->failed) return FAILED;
    if (found)
        s->high[g][at] = clamp16(best);
    else
        s->low[g][at] = clamp16(best);
    return best;
}


/* ---- sweeps (`Search._sweep`) ------------------------------------------------------------ */

/* Positions a sweep keeps per count of cards left, each width swept spread over places first,
 * then by margin alone (see search.py's SWEEPS: the same widths, for the same reasons). */
static const int SWEEP_WIDTHS[] = {3, 8, 24, 64, 160};

typedef struct {
    uint64_t node;
    int32_t hp, key, order, trail;
} Entry;

typedef struct {
    Entry *items;
    int32_t len, cap;
    Map where; /* node -> position in items */
} Level;

typedef struct {
    uint64_t *node;
    int32_t *hp, *parent, len, cap;
    Map where; /* node -> position */
} Trail;

static int level_init(Level *l) {
    l->items = NULL;
    l->len = l->cap = 0;
    return map_init(&l->where, 256);
}

static void level_free(Level *l) {
    free(l->items);
    map_free(&l->where);
}

/* The node at `hp` in the level, unless it is there with as much: 1 if set, 0 if not, -1. */
static int level_raise(Level *l, uint64_t node, int hp, int trail) {
    int32_t at = map_get(&l->where, node, -1);
    if (at >= 0) {
        if (l->items[at].hp >= hp) return 0;
        l->items[at].hp = hp;
        l->items[at].trail = trail;
        return 1;
    }
    if (l->len == l->cap) {
        int32_t cap = l->cap ? l->cap * 2 : 256;
        if (grow(&l->items, cap, sizeof(Entry)) < 0) return -1;
        l->cap = cap;
    }
    l->items[l->len] = (Entry){node, hp, 0, l->len, trail};
    if (map_put(&l->where, node, l->len) < 0) return -1;
    l->len++;
    return 1;
}

static int trail_init(Trail *t) {
    t->node = NULL;
    t->hp = t->parent = NULL;
    t->len = t->cap = 0;
    return map_init(&t->where, 1024);
}

static void trail_free(Trail *t) {
    free(t->node);
    free(t->hp);
    free(t->parent);
    map_free(&t->where);
}

/* The node reached with `hp` from the trail entry `parent`: its entry, or -1. */
static int32_t trail_set(Trail *t, uint64_t node, int hp, int32_t parent) {
    int32_t at = map_get(&t->where, node, -1);
    if (at < 0) {
        if (t->len == t->cap) {
            int32_t cap = t->cap ? t->cap * 2 : 1024;
            if (grow(&t->node, cap, sizeof(uint64_t)) < 0 || grow(&t->hp, cap, sizeof(int32_t)) < 0 ||
                grow(&t->parent, cap, sizeof(int32_t)) < 0)
                return -1;
            t->cap = cap;
        }
        at = t->len++;
        t->node[at] = node;
        if (map_put(&t->where, node, at) < 0) return -1;
    }
    t->hp[at] = hp;
    t->parent[at] = parent;
    return at;
}

/* Every position on a line found reaches the goal with the HP it had there. */
static int record(Searcher *s, int g, const Trail *t, int32_t last) {
    for (int32_t i = last; i >= 0; i = t->parent[i]) {
        int32_t at = index_of(s, t->node[i]);
        if (at < 0) return -1;
        if (t->hp[i] < s->high[g][at]) s->high[g][at] = clamp16(t->hp[i]);
    }
    return 0;
}

static int entry_before(const void *a, const void *b) {
    const Entry *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* Whether the position a move leaves, with this HP after it, is known to fall short of a
 * winning goal without searching it (`Search._fails_at`). */
static int fails_at(Searcher *s, int g, const Kid *kid, int hp) {
    int goal = g - GOAL_OFFSET;
    if (hp < 1) return 1;
    if (goal <= MAX_HP) {
        if (goal + kid->shortfall > hp) return 1;
    } else if (kid->best_potion < goal - MAX_HP || MAX_HP + kid->shortfall > hp) {
        return 1;
    }
    int32_t at = map_get(&s->index, kid->node, -1);
    return at >= 0 && s->low[g][at] > hp;
}

/* The `width` entries a sweep follows, best ranked first (`Search._kept`): those with the most
 * HP over their shortfall, and when `spread`, the best of each place before a second at any. */
static int keep(Searcher *s, Level *level, int width, int spread, Level *kept) {
    for (int32_t i = 0; i < level->len; i++) {
        Entry *e = &level->items[i];
        Place p;
        unpack(e->node, &p);
        int monsters, shortfall, best;
        bound(s, &p, &monsters, &shortfall, &best);
        e->key = shortfall - e->hp;
    }
    qsort(level->items, level->len, sizeof(Entry), entry_before);
    int32_t taken = 0;
    if (spread) {
        Map places;
        if (map_init(&places, 256) < 0) return -1;
        uint8_t *skipped = calloc(level->len ? level->len : 1, 1);
        if (!skipped) {
            map_free(&places);
            return -1;
        }
        for (int32_t i = 0; i < level->len && taken < width; i++) {
            uint64_t place = kin_key(level->items[i].node);
            if (map_get(&places, place, 0)) {
                skipped[i] = 1;
                continue;
            }
            if (map_put(&places, place, 1) < 0) taken = -1;
            if (taken < 0) break;
            Entry *e = &level->items[i];
            if (level_raise(kept, e->node, e->hp, e->trail) < 0) taken = -1;
            if (taken < 0) break;
            taken++;
        }
        for (int32_t i = 0; i < level->len && taken >= 0 && taken < width; i++) {
            if (!skipped[i]) continue;
            Entry *e = &level->items[i];
            if (level_raise(kept, e->node, e->hp, e->trail) < 0) taken = -1;
            else taken++;
        }
        free(skipped);
        map_free(&places);
        return taken < 0 ? -1 : 0;
    }
    for (int32_t i = 0; i < level->len && taken < width; i++, taken++) {
        Entry *e = &level->items[i];
        if (level_raise(kept, e->node, e->hp, e->trail) < 0) return -1;
    }
    return 0;
}

/* Whether a narrow search finds a line reaching the goal (`Search._sweep`): per count of cards
 * left only `width` positions are followed. A line found is recorded in the goal's bounds, so
 * that `line` follows it; finding none proves nothing. 1, 0, or -1 on failure. */
static int sweep(Searcher *s, int g, uint64_t root, int hp, int width, int spread) {
    int goal = g - GOAL_OFFSET, found = 0, failed = 0;
    Trail trail;
    Level level, kept;
    if (trail_init(&trail) < 0 || level_init(&level) < 0) return -1;
    int32_t first = trail_set(&trail, root, hp, -1);
    if (first < 0 || level_raise(&level, root, hp, first) < 0) failed = 1;
    while (!failed && !found && level.len) {
        if (level_init(&kept) < 0 || keep(s, &level, width, spread, &kept) < 0) {
            failed = 1;
            break;
        }
        level_free(&level);
        level = kept;
        if (s->rule == NOT_TWICE_IN_A_ROW) {
            /* the positions runs lead to join the level: a run plays no card, costs no HP */
            for (int32_t i = 0; i < level.len && !failed; i++) {
                int32_t at = index_of(s, level.items[i].node);
                int32_t list = at < 0 ? -1 : kids_of(s, at);
                if (list < 0) {
                    failed = 1;
                    break;
                }
                for (int k = 0; k < s->list_count[list]; k++) {
                    Kid kid = s->kids[s->list_start[list] + k];
                    if (kid.kind != RUN || !kid.node) continue;
                    Entry here = level.items[i];
                    /* only where it raises the HP known there, as for any other move */
                    int32_t known = map_get(&level.where, kid.node, -1);
                    if (known >= 0 && level.items[known].hp >= here.hp) continue;
                    int32_t step = trail_set(&trail, kid.node, here.hp, here.trail);
                    if (step < 0 || level_raise(&level, kid.node, here.hp, step) < 0) failed = 1;
                }
            }
        }
        Level following;
        if (failed || level_init(&following) < 0) {
            failed = 1;
            break;
        }
        for (int32_t i = 0; i < level.len && !failed && !found; i++) {
            Entry here = level.items[i];
            int32_t at = index_of(s, here.node);
            int32_t list = at < 0 ? -1 : kids_of(s, at);
            if (list < 0) {
                failed = 1;
                break;
            }
            for (int k = 0; k < s->list_count[list] && !failed; k++) {
                Kid kid = s->kids[s->list_start[list] + k];
                if (kid.kind == RUN) continue;
                int after = kid.damage ? here.hp - kid.damage : here.hp + kid.heal;
                if (after > MAX_HP) after = MAX_HP;
                if (!kid.node) {
                    int score = after == MAX_HP ? after + kid.bonus : after;
                    if (after >= 1 && score >= goal) {
                        found = 1;
                        failed = record(s, g, &trail, here.trail) < 0;
                        break;
                    }
                    continue;
                }
                if (fails_at(s, g, &kid, after)) continue;
                int32_t known = map_get(&s->index, kid.node, -1);
                if (known >= 0 && s->high[g][known] <= after) {
                    found = 1;
                    failed = record(s, g, &trail, here.trail) < 0;
                    break;
                }
                int32_t was = map_get(&following.where, kid.node, -1);
                if (was >= 0 && following.items[was].hp >= after) continue;
                int32_t step = trail_set(&trail, kid.node, after, here.trail);
                if (step < 0 || level_raise(&following, kid.node, after, step) < 0) failed = 1;
            }
        }
        level_free(&level);
        level = following;
    }
    level_free(&level);
    trail_free(&trail);
    if (failed) {
        if (!s->failed) {
            if (!PyErr_Occurred()) PyErr_NoMemory();
            s->failed = 1;
        }
        return -1;
    }
    return found;
}

/* ---- Python face ------------------------------------------------------------------------- */

static int raise_failure(Searcher *s) {
    if (s->failed == 2) PyErr_Format(s->too_long, "more than %lld positions", s->limit);
    s->failed = 0;
    s->memo_only = 0;
    return -1;
}

static int read_cards(PyObject *seq, uint8_t *into, int most, int *n) {
    PyObject *fast = PySequence_Fast(seq, "cards must be a sequence of codes");
    if (!fast) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > most) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "too many cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        int v = (int)(c % WEAPON_BASE);
        if (c < 2 || c >= POTION_BASE + VALUES || v < 2 || v >= VALUES) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "not a card code (monster, weapon or potion)");
            return -1;
        }
        into[i] = (uint8_t)c;
    }
    *n = (int)len;
    Py_DECREF(fast);
    return 0;
}

static PyObject *Searcher_node(Searcher *s, PyObject *args) {
    PyObject *deck_seq, *room_seq;
    int weapon, ceiling, drunk, played, ran;
    if (!PyArg_ParseTuple(args, "OOiipip", &deck_seq, &room_seq, &weapon, &ceiling, &drunk,
                          &played, &ran))
        return NULL;
    uint8_t deck[MAX_CARDS], room[ROOM_SIZE];
    int deck_len, room_len;
    if (read_cards(deck_seq, deck, MAX_CARDS, &deck_len) < 0) return NULL;
    if (read_cards(room_seq, room, ROOM_SIZE, &room_len) < 0) return NULL;
    if (weapon < 0 || weapon > 15 || ceiling < 0 || ceiling > FRESH || played < 0 || played > 3) {
        PyErr_SetString(PyExc_ValueError, "a weapon, ceiling or play count is out of range");
        return NULL;
    }
    Place p;
    p.deck = deck_id(s, deck, deck_len);
    if (p.deck < 0) return NULL;
    memcpy(p.room, room, room_len);
    p.room_len = (uint8_t)room_len;
    p.weapon = weapon;
    p.ceiling = ceiling;
    p.drunk = drunk;
    p.played = played;
    p.ran = ran;
    if (canonical(s, &p) < 0) return NULL;
    return PyLong_FromUnsignedLongLong(pack(&p));
}

/* A structure this searcher made (`node`), or -1 with ValueError: anything else would be read
 * as a deck id out of range. */
static int read_node(Searcher *s, PyObject *arg, uint64_t *node) {
    unsigned long long v = PyLong_AsUnsignedLongLong(arg);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    Place p;
    unpack(v, &p);
    if (!(v >> 63) || p.deck >= s->deck_count) {
        PyErr_SetString(PyExc_ValueError, "not a structure of this searcher");
        return -1;
    }
    *node = v;
    return 0;
}

static PyObject *Searcher_bound(Searcher *s, PyObject *arg) {
    uint64_t node;
    if (read_node(s, arg, &node) < 0) return NULL;
    Place p;
    unpack(node, &p);
    int monsters, shortfall, best;
    bound(s, &p, &monsters, &shortfall, &best);
    return Py_BuildValue("(iii)", monsters, shortfall, best);
}

static PyObject *Searcher_reaches(Searcher *s, PyObject *args) {
    int goal, hp;
    PyObject *node_obj;
    if (!PyArg_ParseTuple(args, "iOi", &goal, &node_obj, &hp)) return NULL;
    uint64_t node;
    if (read_node(s, node_obj, &node) < 0) return NULL;
    int got = FAILED;
    int g = memo(s, goal);
    if (g >= 0 && goal >= 1) {
        /* a winning goal is first looked for by sweeps: most are found in a few hundred
         * positions, where the depth-first search may first refute a hopeless move */
        for (int w = 0; w < (int)(sizeof SWEEP_WIDTHS / sizeof *SWEEP_WIDTHS); w++) {
            for (int spread = 1; spread >= 0; spread--) {
                int swept = sweep(s, g, node, hp, SWEEP_WIDTHS[w], spread);
                if (swept < 0) {
                    raise_failure(s);
                    return NULL;
                }
                if (swept) Py_RETURN_TRUE;
            }
        }
    }
    int32_t at = g >= 0 ? index_of(s, node) : -1;
    if (at >= 0) got = need(s, g, at, hp);
    if (s->failed) {
        raise_failure(s);
        return NULL;
    }
    return PyBool_FromLong(got <= hp);
}

static PyObject *place_of(Searcher *s, const Kid *kid) {
    if (kid->place_deck < 0) Py_RETURN_NONE;
    uint8_t room[ROOM_SIZE];
    int n = unpack_room(kid->place_room, room);
    PyObject *room_t = PyTuple_New(n);
    if (!room_t) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(room_t, i, PyLong_FromLong(room[i]));
    const Deck *deck = &s->decks[kid->place_deck];
    const uint8_t *cards = deck_cards(s, kid->place_deck);
    PyObject *deck_t = PyTuple_New(deck->length);
    if (!deck_t) {
        Py_DECREF(room_t);
        return NULL;
    }
    for (int i = 0; i < deck->length; i++) PyTuple_SET_ITEM(deck_t, i, PyLong_FromLong(cards[i]));
    return Py_BuildValue("(NN)", room_t, deck_t);
}

/* A move that keeps the goal in reach (`Search._next_move`): one the memo already knows does
 * if any, else the first a search shows does. -1 when none (or a failure). */
static int next_move(Searcher *s, int g, uint64_t node, int hp, Kid *chosen) {
    int32_t at = index_of(s, node);
    if (at < 0) return -1;
    int32_t list = kids_of(s, at);
    if (list < 0) return -1;
    int n = s->list_count[list];
    for (int pass = 0; pass < 2; pass++) {
        s->memo_only = pass == 0;
        for (int i = 0; i < n; i++) {
            int64_t slot = s->list_start[list] + i;
            Kid kid = s->kids[slot];
            int got = via(s, g, &kid, hp, slot);
            if (s->failed) {
                s->memo_only = 0;
                return -1;
            }
            if (got <= hp) {
                s->memo_only = 0;
                *chosen = kid;
                return 0;
            }
        }
    }
    s->memo_only = 0;
    PyErr_SetString(PyExc_ValueError, "the goal is out of reach from this position");
    s->failed = 1;
    return -1;
}

static PyObject *Searcher_line(Searcher *s, PyObject *args) {
    int goal, hp;
    PyObject *node_obj;
    if (!PyArg_ParseTuple(args, "iOi", &goal, &node_obj, &hp)) return NULL;
    uint64_t node;
    if (read_node(s, node_obj, &node) < 0) return NULL;
    int g = memo(s, goal);
    if (g < 0) {
        raise_failure(s);
        return NULL;
    }
    PyObject *moves = PyList_New(0);
    if (!moves) return NULL;
    for (;;) {
        Kid kid;
        if (next_move(s, g, node, hp, &kid) < 0) {
            Py_DECREF(moves);
            raise_failure(s);
            return NULL;
        }
        PyObject *place = place_of(s, &kid);
        if (!place) {
            Py_DECREF(moves);
            return NULL;
        }
        PyObject *move = Py_BuildValue("(iiN)", kid.kind, kid.code, place);
        if (!move || PyList_Append(moves, move) < 0) {
            Py_XDECREF(move);
            Py_DECREF(moves);
            return NULL;
        }
        Py_DECREF(move);
        if (kid.damage)
            hp -= kid.damage;
        else {
            hp += kid.heal;
            if (hp > MAX_HP) hp = MAX_HP;
        }
        if (hp <= 0) return Py_BuildValue("(Ni)", moves, hp - kid.monsters_left);
        if (!kid.node) return Py_BuildValue("(Ni)", moves, hp == MAX_HP ? hp + kid.bonus : hp);
        node = kid.node;
    }
}

static PyObject *Searcher_get_expansions(Searcher *s, void *closure) {
    return PyLong_FromLongLong(s->expansions);
}

static PyObject *Searcher_get_limit(Searcher *s, void *closure) {
    if (s->limit < 0) Py_RETURN_NONE;
    return PyLong_FromLongLong(s->limit);
}

static int Searcher_set_limit(Searcher *s, PyObject *value, void *closure) {
    if (!value || value == Py_None) {
        s->limit = -1;
        return 0;
    }
    long long limit = PyLong_AsLongLong(value);
    if (limit == -1 && PyErr_Occurred()) return -1;
    s->limit = limit < 0 ? 0 : limit;
    return 0;
}

static int Searcher_init(Searcher *s, PyObject *args, PyObject *kwargs) {
    int rule;
    PyObject *too_long;
    if (!PyArg_ParseTuple(args, "iO", &rule, &too_long)) return -1;
    if (rule < ANY_ROOM || rule > NEVER_RUN) {
        PyErr_SetString(PyExc_ValueError, "unknown run rule");
        return -1;
    }
    if (!PyExceptionClass_Check(too_long)) {
        PyErr_SetString(PyExc_TypeError, "too_long must be an exception class");
        return -1;
    }
    Py_INCREF(too_long);
    Py_XSETREF(s->too_long, too_long);
    s->rule = rule;
    s->limit = -1;
    if (map_init(&s->deck_ids, 1024) < 0 || map_init(&s->index, 65536) < 0 ||
        map_init(&s->kin_heads, 4096) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Searcher_dealloc(Searcher *s) {
    Py_XDECREF(s->too_long);
    free(s->decks);
    free(s->deck_next);
    free(s->cards);
    map_free(&s->deck_ids);
    map_free(&s->index);
    free(s->node_of);
    free(s->kid_list);
    free(s->kin_next);
    free(s->list_start);
    free(s->list_count);
    free(s->kids);
    for (int g = 0; g < GOALS; g++) {
        free(s->low[g]);
        free(s->high[g]);
    }
    map_free(&s->kin_heads);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef Searcher_methods[] = {
    {"node", (PyCFunction)Searcher_node, METH_VARARGS,
     "node(deck, room, weapon, ceiling, drunk, played, ran): the canonical structure."},
    {"bound", (PyCFunction)Searcher_bound, METH_O,
     "bound(node): (monsters left, shortfall, best potion left)."},
    {"reaches", (PyCFunction)Searcher_reaches, METH_VARARGS,
     "reaches(goal, node, hp): whether some line ends with a score of at least goal."},
    {"line", (PyCFunction)Searcher_line, METH_VARARGS,
     "line(goal, node, hp): ([(kind, code, place)], score) reaching a goal in reach."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Searcher_getset[] = {
    {"expansions", (getter)Searcher_get_expansions, NULL, "Structures expanded so far.", NULL},
    {"limit", (getter)Searcher_get_limit, (setter)Searcher_set_limit,
     "Structures all searches may expand, or None.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "bot.games.scoundrel._compiled_search.Searcher",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Scoundrel's solver search for one run rule (see the module's source).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_dealloc = (destructor)Searcher_dealloc,
    .tp_methods = Searcher_methods,
    .tp_getset = Searcher_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_compiled_search",
    "Scoundrel's solver search, compiled (see search.py for the reference).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__compiled_search(void) {
    if (PyType_Ready(&SearcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SearcherType);
    if (PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) < 0) {
        Py_DECREF(&SearcherType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
