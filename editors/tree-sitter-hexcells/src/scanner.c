/*
 * The external scanner of the Hexcells grammar: it reads "Hexcells level v1"
 * text line by line, as the project's parser (core/src/format/parse.rs) does,
 * and hands out the tokens that depend on where a line is: whole header and
 * past-the-grid lines, the start (indentation) and end (trailing whitespace and
 * terminator) of each grid line, blank lines. The groups of a grid line come
 * from the grammar's own lexer; the scanner checks each group's two characters
 * first and hands out a wrong group itself.
 *
 * What a line is depends on where it is: the fifth header line is the first grid
 * line when the grid would be short without it, a line after the 33 grid lines
 * is past the grid, a blank line belongs to the level only when more of the
 * level follows. So each line is classified before its first token, while the
 * previous token (the one that ends with the previous line's terminator, or the
 * zero-width `_bof` for the first line) is handed out: the scanner reads ahead
 * past that token's end, which tree-sitter allows and records for incremental
 * reparsing.
 *
 * Where the project's parser reports a syntax error that depends on where a line
 * is (HC0101 at a level's first line, HC0102 for a missing header line, HC0105
 * for items below the grid), the scanner hands out `_invalid`, a token no rule
 * accepts, over that text: tree-sitter wraps it in an ERROR node and goes on
 * with the next token, so the rest of the level keeps its colours.
 */

#include "tree_sitter/alloc.h"
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum TokenType {
  BOF,
  FORMAT_LINE,
  TITLE_START,
  AUTHOR_START,
  CUSTOM_TEXT_START,
  TEXT,
  ENTITY,
  ROW_START,
  EXTRA_ROW,
  TRAILING_TEXT,
  EXTRA_BLANK,
  BLANK_LINE,
  EOL,
  INVALID,
};

/* Groups per grid line and grid lines per level. */
#define GRID_SIZE 33

/* Where the next line is, within the text. */
enum Phase {
  PHASE_START,  /* before the first level */
  PHASE_HEADER, /* in a header: `field` is the line's header field */
  PHASE_GRID,   /* after the header: `row` grid lines read so far */
  PHASE_DONE,   /* the level is over: only blank lines until the next format line */
};

/* What the current line is (decided before its first token). */
enum Kind {
  KIND_EOF,
  KIND_FORMAT,      /* `Hexcells level v1` */
  KIND_BAD_FORMAT,  /* a first line that mentions Hexcells but is no format line (HC0101) */
  KIND_NO_HEADER,   /* a first line that is grid line 1: the header is missing (HC0101) */
  KIND_NO_FORMAT,   /* a first line that is the title: the format line is missing (HC0101) */
  KIND_TEXT,        /* a header text line: title, author, custom text */
  KIND_ROW,         /* one of the 33 grid lines (maybe blank) */
  KIND_EXTRA_ROW,   /* past the grid, only empty groups (HC0110) */
  KIND_TRAILING,    /* past the grid, text (HC0113) */
  KIND_EXTRA_BLANK, /* past the grid, blank, more of the level follows */
  KIND_TOO_MANY,    /* past the grid, with items (HC0105) */
  KIND_BLANK,       /* a blank line outside any level's lines */
};

enum Flag {
  FLAG_CLASSIFIED = 1,   /* the first line has been read (`_bof` is out) */
  FLAG_LINE_STARTED = 2, /* the line's zero-width start token is out */
  FLAG_NEXT_MISSING = 4, /* the header field after this line is missing (HC0102) */
};

typedef struct {
  uint8_t phase;
  uint8_t field;      /* PHASE_HEADER: 1 title, 2 author, 3 and 4 custom text */
  uint8_t row;        /* PHASE_GRID: grid lines so far (stops counting at 200) */
  uint8_t kind;       /* enum Kind of the current line */
  uint8_t flags;      /* enum Flag */
  uint16_t blank_run; /* blank lines after this one known to be followed by more of the level */
  uint32_t col;       /* characters of the current line handed out */
  uint32_t indent;    /* leading whitespace of the current line, in characters */
  uint32_t len;       /* its length without the line terminator */
} Scanner;

/* What one line holds, read in one pass. */
typedef struct {
  uint32_t indent;
  uint32_t content_len;
  uint32_t len;
  bool magic;     /* its content is exactly `Hexcells level v1` */
  bool grid_like; /* its content is two-character groups of known characters */
  bool has_item;  /* ... and one of them is not empty */
  bool mentions;  /* it holds "hexcells" in any case */
} LineInfo;

static const char MAGIC[] = "Hexcells level v1";
#define MAGIC_LEN 17
static const char HEXCELLS[] = "hexcells";
#define HEXCELLS_LEN 8

/* Rust's `char::is_whitespace` (Unicode White_Space), as the project's parser trims. */
static bool is_space(int32_t c) {
  return c == ' ' || (c >= 0x09 && c <= 0x0d) || c == 0x85 || c == 0xa0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f ||
         c == 0x205f || c == 0x3000;
}

static bool is_item(int32_t c) {
  return c == '.' || c == 'o' || c == 'O' || c == 'x' || c == 'X' || c == '\\' || c == '|' ||
         c == '/';
}

static bool is_mark(int32_t c) { return c == '.' || c == '+' || c == 'c' || c == 'n'; }

static inline void advance(TSLexer *lexer) { lexer->advance(lexer, false); }

/* The end of the text (tree-sitter's lookahead is 0 there: ask only then). */
static inline bool at_end(TSLexer *lexer) {
  return lexer->lookahead == 0 && lexer->eof(lexer);
}

/* At a line terminator (or the end of the text): "\n", "\r\n", a final "\r". */
static inline bool at_line_end(TSLexer *lexer) {
  return lexer->lookahead == '\n' || at_end(lexer);
}

/*
 * Reads one line from its start, through its terminator. A "\r" is part of the
 * terminator only before "\n" or at the end of the text; elsewhere it is a
 * whitespace character of the line.
 */
static void scan_line(TSLexer *lexer, LineInfo *info) {
  memset(info, 0, sizeof *info);
  uint32_t n = 0;
  bool in_content = false;
  bool space_pending = false;
  bool bad = false;
  bool magic = true;
  uint32_t hexcells = 0;
  for (;;) {
    if (at_line_end(lexer)) {
      if (!at_end(lexer)) advance(lexer);
      break;
    }
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (c == '\r' && at_line_end(lexer)) {
      if (!at_end(lexer)) advance(lexer);
      break;
    }
    bool space = is_space(c);
    if (!in_content) {
      if (space) {
        info->indent++;
      } else {
        in_content = true;
      }
    }
    if (in_content) {
      uint32_t p = n - info->indent;
      if (p < MAGIC_LEN && c != MAGIC[p]) magic = false;
      if (space) {
        space_pending = true;
      } else {
        /* Whitespace between content characters fills a group slot of its own. */
        if (space_pending) bad = true;
        space_pending = false;
        info->content_len = p + 1;
        if (p % 2 == 0) {
          if (!is_item(c)) bad = true;
          else if (c != '.') info->has_item = true;
        } else if (!is_mark(c)) {
          bad = true;
        }
      }
    }
    int32_t lower = (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
    if (hexcells < HEXCELLS_LEN) {
      if (lower == HEXCELLS[hexcells]) hexcells++;
      else hexcells = lower == 'h' ? 1 : 0;
    }
    n++;
  }
  info->len = n;
  info->magic = magic && info->content_len == MAGIC_LEN;
  info->grid_like = !bad && info->content_len > 0 && info->content_len % 2 == 0;
  if (!info->grid_like) info->has_item = false;
  info->mentions = hexcells == HEXCELLS_LEN;
}

/*
 * Whether more of the level follows: a line with content before the next format
 * line or the end of the text. Counts the blank lines on the way.
 */
static bool content_follows(TSLexer *lexer, uint32_t *blanks) {
  *blanks = 0;
  LineInfo info;
  while (!at_end(lexer)) {
    scan_line(lexer, &info);
    if (info.magic) return false;
    if (info.content_len > 0) return true;
    (*blanks)++;
  }
  return false;
}

/*
 * Whether the fifth header line (already read into `line`) is the first grid
 * line: when it holds items, or makes a full 33 x 33 grid, and the grid would
 * be short without it.
 */
static bool short_header(TSLexer *lexer, const LineInfo *line) {
  if (!line->grid_like) return false;
  bool full_row = line->content_len == 2 * GRID_SIZE;
  if (!line->has_item && !full_row) return false;
  uint32_t rows_after = 0;
  LineInfo info;
  while (!at_end(lexer) && rows_after < GRID_SIZE) {
    scan_line(lexer, &info);
    if (info.magic) break;
    if (info.grid_like) rows_after++;
  }
  if (rows_after >= GRID_SIZE) return false;
  return line->has_item || (rows_after + 1 == GRID_SIZE && full_row);
}

/*
 * One of the 33 grid lines, told from what its first characters are, without
 * reading the rest: a line that starts with a group is a grid line (its groups
 * are checked one by one as they come, see `row_group`). Returns false, having
 * read nothing, for a line that may be blank or a format line: the caller reads
 * those whole.
 */
static bool classify_grid_line(Scanner *s, TSLexer *lexer) {
  int32_t c = lexer->lookahead;
  if (is_space(c) || c == 'H' || at_end(lexer)) return false;
  s->indent = 0;
  s->len = 0;
  s->kind = KIND_ROW;
  return true;
}

/* Decides what the line at the lexer's position is; reads ahead as needed. */
static void classify(Scanner *s, TSLexer *lexer) {
  s->col = 0;
  s->flags &= FLAG_CLASSIFIED;
  if (at_end(lexer)) {
    s->kind = KIND_EOF;
    return;
  }
  if (s->phase == PHASE_GRID && s->row < GRID_SIZE && classify_grid_line(s, lexer)) return;
  LineInfo line;
  scan_line(lexer, &line);
  s->indent = line.indent;
  s->len = line.len;
  uint32_t blanks = 0;
  bool blank = line.content_len == 0;
  if (line.magic) {
    s->kind = KIND_FORMAT;
    if (!content_follows(lexer, &blanks)) s->flags |= FLAG_NEXT_MISSING;
    return;
  }
  switch (s->phase) {
    case PHASE_START:
      if (blank) {
        s->kind = KIND_BLANK;
      } else if (line.grid_like) {
        s->kind = KIND_NO_HEADER;
      } else {
        s->kind = line.mentions ? KIND_BAD_FORMAT : KIND_NO_FORMAT;
        /* After a bad format line comes the title; after a title, the author. */
        if (!content_follows(lexer, &blanks)) s->flags |= FLAG_NEXT_MISSING;
      }
      break;
    case PHASE_HEADER:
      if (s->field == 4 && short_header(lexer, &line)) {
        s->phase = PHASE_GRID;
        s->row = 0;
        s->kind = KIND_ROW;
      } else {
        s->kind = KIND_TEXT;
        if (s->field < 4 && !content_follows(lexer, &blanks)) s->flags |= FLAG_NEXT_MISSING;
      }
      break;
    case PHASE_GRID:
      if (blank) {
        bool follows = true;
        if (s->blank_run > 0) {
          s->blank_run--;
        } else {
          follows = content_follows(lexer, &blanks);
          if (follows) s->blank_run = blanks > UINT16_MAX ? UINT16_MAX : (uint16_t)blanks;
        }
        if (!follows) {
          s->phase = PHASE_DONE;
          s->kind = KIND_BLANK;
        } else {
          s->kind = s->row < GRID_SIZE ? KIND_ROW : KIND_EXTRA_BLANK;
        }
      } else if (s->row < GRID_SIZE) {
        s->kind = KIND_ROW;
      } else if (line.grid_like) {
        s->kind = line.has_item ? KIND_TOO_MANY : KIND_EXTRA_ROW;
      } else {
        s->kind = KIND_TRAILING;
      }
      break;
    default:
      s->kind = KIND_BLANK;
      break;
  }
}

/* Moves on to the next line (its terminator has just been handed out) and reads it. */
static void next_line(Scanner *s, TSLexer *lexer) {
  bool missing = s->flags & FLAG_NEXT_MISSING;
  switch (s->kind) {
    case KIND_FORMAT:
    case KIND_BAD_FORMAT:
      s->phase = missing ? PHASE_DONE : PHASE_HEADER;
      s->field = 1;
      s->row = 0;
      s->blank_run = 0;
      break;
    case KIND_NO_FORMAT:
      s->phase = missing ? PHASE_DONE : PHASE_HEADER;
      s->field = 2;
      break;
    case KIND_NO_HEADER:
      s->phase = PHASE_GRID;
      s->row = 1;
      break;
    case KIND_TEXT:
      if (missing) {
        s->phase = PHASE_DONE;
      } else if (s->field < 4) {
        s->field++;
      } else {
        s->phase = PHASE_GRID;
        s->row = 0;
      }
      break;
    case KIND_ROW:
    case KIND_EXTRA_ROW:
    case KIND_TRAILING:
    case KIND_EXTRA_BLANK:
    case KIND_TOO_MANY:
      if (s->row < 200) s->row++;
      break;
    default:
      break;
  }
  classify(s, lexer);
}

/* Hands out `n` more characters of the current line. */
static void take(Scanner *s, TSLexer *lexer, uint32_t n) {
  for (uint32_t i = 0; i < n && !at_line_end(lexer); i++) advance(lexer);
  s->col += n;
}

/* The line terminator, then the next line is read. */
static bool end_line(Scanner *s, TSLexer *lexer, enum TokenType token) {
  if (lexer->lookahead == '\r') advance(lexer);
  if (lexer->lookahead == '\n') advance(lexer);
  lexer->mark_end(lexer);
  lexer->result_symbol = token;
  next_line(s, lexer);
  return true;
}

/* A whole line with its terminator as one token. */
static bool whole_line(Scanner *s, TSLexer *lexer, enum TokenType token) {
  take(s, lexer, s->len);
  return end_line(s, lexer, token);
}

/* A zero-width token: only the state changes. */
static bool zero_width(TSLexer *lexer, enum TokenType token) {
  lexer->mark_end(lexer);
  lexer->result_symbol = token;
  return true;
}

/*
 * The end of a line whose text is out. When the next header line is missing
 * (HC0102, reported at the end of this line), the error token takes the place of
 * the terminator: a zero-width error would leave tree-sitter no state to go back
 * to at its position, and it would wrap the line's text in the error.
 */
static bool finish_line(Scanner *s, TSLexer *lexer) {
  return end_line(s, lexer, (s->flags & FLAG_NEXT_MISSING) ? INVALID : EOL);
}

/*
 * An HTML entity (`&amp;`, `&#39;`, `&#x21;`) at the lexer's `&`, as the project
 * reads them (core/src/format/entities.rs): at most 9 characters between `&` and
 * `;`. Advances over what it reads and says how many characters that was.
 */
static bool scan_entity(Scanner *s, TSLexer *lexer, uint32_t *taken) {
  char body[10];
  uint32_t n = 0;
  *taken = 0;
  if (lexer->lookahead != '&') return false;
  advance(lexer);
  (*taken)++;
  for (;;) {
    if (s->col + *taken >= s->len) return false;
    int32_t c = lexer->lookahead;
    advance(lexer);
    (*taken)++;
    if (c == ';') break;
    if (n == 9 || c <= 0 || c > 0x7f) return false;
    body[n++] = (char)c;
  }
  body[n] = '\0';
  static const char *const NAMES[] = {"amp", "lt", "gt", "quot", "apos", "nbsp"};
  for (unsigned i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++) {
    if (strcmp(body, NAMES[i]) == 0) return true;
  }
  if (body[0] != '#') return false;
  const char *digits = body + 1;
  uint32_t radix = 10;
  if (*digits == 'x' || *digits == 'X') {
    radix = 16;
    digits++;
  }
  if (*digits == '+') digits++;
  if (*digits == '\0') return false;
  uint64_t code = 0;
  for (const char *d = digits; *d; d++) {
    uint32_t v;
    if (*d >= '0' && *d <= '9') v = (uint32_t)(*d - '0');
    else if (radix == 16 && *d >= 'a' && *d <= 'f') v = (uint32_t)(*d - 'a' + 10);
    else if (radix == 16 && *d >= 'A' && *d <= 'F') v = (uint32_t)(*d - 'A' + 10);
    else return false;
    code = code * radix + v;
  }
  return code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
}

/* Header text: a run of text up to the next entity, or the entity. */
static bool header_text(Scanner *s, TSLexer *lexer) {
  uint32_t taken;
  if (scan_entity(s, lexer, &taken)) {
    s->col += taken;
    lexer->mark_end(lexer);
    lexer->result_symbol = ENTITY;
    return true;
  }
  s->col += taken;
  while (s->col < s->len) {
    if (lexer->lookahead == '&') {
      lexer->mark_end(lexer);
      uint32_t at = s->col;
      if (scan_entity(s, lexer, &taken)) {
        s->col = at;
        lexer->result_symbol = TEXT;
        return true;
      }
      s->col += taken;
    } else {
      advance(lexer);
      s->col++;
    }
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = TEXT;
  return true;
}

/*
 * At the start of a group of a grid line. A right group is left to the grammar's
 * own lexer; a wrong one is handed out whole as `_invalid`, so the groups after
 * it stay in step: a group of unknown characters or holding whitespace (HC0106,
 * HC0107), a number mark on an empty position (HC0107), the half group at the
 * end of a line of odd length (HC0103), a group with an item past the 33rd
 * (HC0104). Trailing whitespace goes with the terminator.
 */
static bool row_group(Scanner *s, TSLexer *lexer) {
  int32_t first = lexer->lookahead;
  if (first == '\n' || at_end(lexer)) return end_line(s, lexer, EOL);
  if (is_space(first)) {
    /* Trailing whitespace, or a group that starts with whitespace. */
    advance(lexer);
    if (first == '\r' && at_line_end(lexer)) return end_line(s, lexer, EOL);
    if (!at_line_end(lexer)) advance(lexer);
    lexer->mark_end(lexer);
    while (!at_line_end(lexer) && is_space(lexer->lookahead)) {
      int32_t c = lexer->lookahead;
      advance(lexer);
      if (c == '\r' && at_line_end(lexer)) break;
    }
    if (at_line_end(lexer)) return end_line(s, lexer, EOL);
    lexer->result_symbol = INVALID;
    return true;
  }
  /* Tree-sitter keeps the column as it lexes along the line: cheap. */
  uint32_t col = lexer->get_column(lexer) - s->indent;
  /* The number mark of a cell (only when recovering from an error is the
   * scanner asked there): the grammar's lexer takes it, or fails on it. */
  if (col % 2 == 1) return false;
  advance(lexer);
  lexer->mark_end(lexer);
  int32_t second = lexer->lookahead;
  if (second == '\n' || at_end(lexer)) {
    lexer->result_symbol = INVALID; /* the half group of a line of odd length */
    return true;
  }
  bool empty = first == '.' && second == '.';
  bool right = is_item(first) && is_mark(second) && (first != '.' || second == '.');
  if (empty || (right && col / 2 < GRID_SIZE)) return false;
  /* A wrong group: both characters, unless the second starts the terminator
   * (then the first is a half group). */
  advance(lexer);
  if (!(second == '\r' && at_line_end(lexer))) lexer->mark_end(lexer);
  lexer->result_symbol = INVALID;
  return true;
}

static bool scan(Scanner *s, TSLexer *lexer) {
  if (!(s->flags & FLAG_CLASSIFIED)) {
    if (lexer->lookahead == 0xfeff) lexer->advance(lexer, true);
    lexer->mark_end(lexer);
    s->flags |= FLAG_CLASSIFIED;
    s->phase = PHASE_START;
    classify(s, lexer);
    lexer->result_symbol = BOF;
    return true;
  }
  bool started = s->flags & FLAG_LINE_STARTED;
  switch (s->kind) {
    case KIND_EOF:
      return false;
    case KIND_BLANK:
      return whole_line(s, lexer, BLANK_LINE);
    case KIND_EXTRA_BLANK:
      return whole_line(s, lexer, EXTRA_BLANK);
    case KIND_BAD_FORMAT:
    case KIND_NO_FORMAT:
    case KIND_NO_HEADER:
    case KIND_TOO_MANY:
      /* The whole line: where the level should start (HC0101), or items below
       * the grid (HC0105). */
      return whole_line(s, lexer, INVALID);
    case KIND_FORMAT:
    case KIND_EXTRA_ROW:
    case KIND_TRAILING:
      if (s->col < s->len || (s->len == 0 && !started)) {
        s->flags |= FLAG_LINE_STARTED;
        take(s, lexer, s->len);
        lexer->mark_end(lexer);
        lexer->result_symbol = s->kind == KIND_FORMAT  ? FORMAT_LINE
                               : s->kind == KIND_TRAILING ? TRAILING_TEXT
                                                          : EXTRA_ROW;
        return true;
      }
      return finish_line(s, lexer);
    case KIND_TEXT:
      if (!started) {
        s->flags |= FLAG_LINE_STARTED;
        return zero_width(lexer, s->field == 1   ? TITLE_START
                                 : s->field == 2 ? AUTHOR_START
                                                 : CUSTOM_TEXT_START);
      }
      if (s->col < s->len) return header_text(s, lexer);
      return finish_line(s, lexer);
    case KIND_ROW:
      if (!started) {
        s->flags |= FLAG_LINE_STARTED;
        take(s, lexer, s->indent);
        lexer->mark_end(lexer);
        lexer->result_symbol = ROW_START;
        return true;
      }
      return row_group(s, lexer);
    default:
      return false;
  }
}

void *tree_sitter_hexcells_external_scanner_create(void) {
  return ts_calloc(1, sizeof(Scanner));
}

void tree_sitter_hexcells_external_scanner_destroy(void *payload) { ts_free(payload); }

#define SERIALIZED_SIZE 19

unsigned tree_sitter_hexcells_external_scanner_serialize(void *payload, char *buffer) {
  Scanner *s = payload;
  uint8_t *out = (uint8_t *)buffer;
  out[0] = s->phase;
  out[1] = s->field;
  out[2] = s->row;
  out[3] = s->kind;
  out[4] = s->flags;
  memcpy(out + 5, &s->blank_run, 2);
  memcpy(out + 7, &s->col, 4);
  memcpy(out + 11, &s->indent, 4);
  memcpy(out + 15, &s->len, 4);
  return SERIALIZED_SIZE;
}

void tree_sitter_hexcells_external_scanner_deserialize(void *payload, const char *buffer,
                                                       unsigned length) {
  Scanner *s = payload;
  memset(s, 0, sizeof *s);
  if (length != SERIALIZED_SIZE) return;
  const uint8_t *in = (const uint8_t *)buffer;
  s->phase = in[0];
  s->field = in[1];
  s->row = in[2];
  s->kind = in[3];
  s->flags = in[4];
  memcpy(&s->blank_run, in + 5, 2);
  memcpy(&s->col, in + 7, 4);
  memcpy(&s->indent, in + 11, 4);
  memcpy(&s->len, in + 15, 4);
}

bool tree_sitter_hexcells_external_scanner_scan(void *payload, TSLexer *lexer,
                                                const bool *valid_symbols) {
  (void)valid_symbols;
  return scan((Scanner *)payload, lexer);
}
