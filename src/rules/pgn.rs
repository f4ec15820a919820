//! Reading PGN files: each game's tag pairs, the comment before its first move, and its main
//! line of SAN moves, each with what follows it: comments (match runners write the engine's
//! score there: `{+0.57/8 0.011s}`), NAGs and variations. One reader serves the import of
//! training positions, the network's training data and game analysis, which writes the game
//! back ([`super::pgn_write`]), so nothing a human wrote is dropped.
//!
//! The reader is lenient, as PGN in the wild needs: move numbers (`12.`, `12...`, glued to
//! the move or not) are passed over; `;` comments count as comments; `%` escape lines are
//! skipped; annotations glued to a move (`Nf3!?`) become NAGs; variations (nested) are kept
//! as written. A game ends at its result token, at the next tag section or at the end of the
//! text. A tag pair that cannot be read is noted with its line ([`MalformedTag`]) and the
//! reader goes on; whether the moves are legal is for the caller to find out.

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in file order (`("Result", "1-0")`).
    pub tags: Vec<(String, String)>,
    /// Lines of the tag section that are no tag pair.
    pub malformed_tags: Vec<MalformedTag>,
    /// The text of the comments before the first move, joined by a space.
    pub comment: Option<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The result token that ended the movetext, if one did.
    pub termination_marker: Option<String>,
    /// 1-based line of the file where the game starts.
    pub line: usize,
}

impl PgnGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// The game's result: the `Result` tag, else the result token of the movetext.
    pub fn result(&self) -> Option<&str> {
        self.tag("Result").or(self.termination_marker.as_deref())
    }
}

/// A line of a tag section that is not `[Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MalformedTag {
    /// 1-based line in the file.
    pub line: usize,
    /// The line's text.
    pub text: String,
}

/// A move of a game's main line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written, without a glued annotation (`Nf3` of `Nf3!?`).
    pub san: String,
    /// The text of the comments right after the move, joined by a space.
    pub comment: Option<String>,
    /// The NAGs after the move, glued annotations included (`!?` is 5), in order.
    pub nags: Vec<u8>,
    /// The variations after the move (alternatives to it), each as written between its
    /// parentheses.
    pub variations: Vec<String>,
}

/// The annotations that may be glued to a move, with their NAGs (PGN standard, 8.2.4).
pub const SUFFIX_NAGS: [(&str, u8); 6] = [
    ("!", 1),
    ("?", 2),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
];

/// The games of a PGN text, in order.
pub fn read_games(text: &str) -> Games<'_> {
    Games {
        text: text.strip_prefix('\u{feff}').unwrap_or(text),
        at: 0,
        counted: 0,
        line: 1,
    }
}

/// Iterator over the games of a PGN text (see [`read_games`]).
pub struct Games<'a> {
    text: &'a str,
    /// Byte offset of the next unread character.
    at: usize,
    /// Newlines are counted up to this offset, and `line` is the line there.
    counted: usize,
    line: usize,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Iterator for Games<'_> {
    type Item = PgnGame;

    fn next(&mut self) -> Option<PgnGame> {
        self.skip_space();
        if self.at >= self.text.len() {
            return None;
        }
        let mut game = PgnGame {
            line: self.line_number(),
            ..PgnGame::default()
        };
        while self.peek() == Some(b'[') {
            let line = self.line_number();
            match self.tag_pair() {
                Ok(tag) => game.tags.push(tag),
                Err(text) => game.malformed_tags.push(MalformedTag {
                    line,
                    text: text.trim().to_string(),
                }),
            }
            self.skip_space();
        }
        loop {
            self.skip_space();
            match self.peek() {
                None | Some(b'[') => break,
                Some(b'{') => {
                    let comment = self.delimited(b'}');
                    add_comment(&mut game, comment);
                }
                Some(b';') => {
                    let comment = self.rest_of_line();
                    add_comment(&mut game, comment);
                }
                Some(b'%') if self.at_line_start() => {
                    self.rest_of_line();
                }
                Some(b'(') => {
                    let variation = self.variation();
                    if let Some(last) = game.moves.last_mut() {
                        last.variations.push(variation.to_string());
                    }
                }
                Some(_) => {
                    let token = self.token();
                    if RESULTS.contains(&token) {
                        game.termination_marker = Some(token.to_string());
                        break;
                    }
                    if let Some(number) = token.strip_prefix('$') {
                        let last = game.moves.last_mut();
                        if let (Some(last), Ok(nag)) = (last, number.parse()) {
                            last.nags.push(nag);
                        }
                        continue;
                    }
                    // A move number (`12.`, `12...`), maybe glued to the move; `0-0` is none.
                    let unnumbered = token.trim_start_matches(|c: char| c.is_ascii_digit());
                    let san = match unnumbered.strip_prefix('.') {
                        Some(dotted) if unnumbered.len() < token.len() => {
                            dotted.trim_start_matches('.')
                        }
                        _ => token,
                    };
                    if !san.is_empty() {
                        game.moves.push(split_annotation(san));
                    }
                }
            }
        }
        Some(game)
    }
}

/// Adds a comment to the last move read, or to the game's own before the first move.
fn add_comment(game: &mut PgnGame, comment: &str) {
    let slot = match game.moves.last_mut() {
        Some(last) => &mut last.comment,
        None => &mut game.comment,
    };
    *slot = Some(match slot.take() {
        Some(earlier) => format!("{earlier} {}", comment.trim()),
        None => comment.trim().to_string(),
    });
}

/// A move token, its glued annotation (`!?`) turned into a NAG. A run of `!` and `?` that
/// is no annotation stays with the move.
fn split_annotation(token: &str) -> PgnMove {
    let san = token.trim_end_matches(['!', '?']);
    let suffix = &token[san.len()..];
    let nag = SUFFIX_NAGS
        .iter()
        .find(|(text, _)| *text == suffix)
        .map(|&(_, nag)| nag);
    match nag {
        Some(nag) if !san.is_empty() => PgnMove {
            san: san.to_string(),
            nags: vec![nag],
            ..PgnMove::default()
        },
        _ => PgnMove {
            san: token.to_string(),
            ..PgnMove::default()
        },
    }
}

impl<'a> Games<'a> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn skip_space(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    /// The rest of the line after the current byte (a `;` or `%`), which is consumed with
    /// its newline.
    fn rest_of_line(&mut self) -> &'a str {
        let start = self.at + 1;
        let end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |end| start + end);
        self.at = (end + 1).min(self.text.len());
        &self.text[start..end]
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text.as_bytes()[self.at - 1] == b'\n'
    }

    fn line_number(&mut self) -> usize {
        self.line += self.text.as_bytes()[self.counted..self.at]
            .iter()
            .filter(|&&byte| byte == b'\n')
            .count();
        self.counted = self.at;
        self.line
    }

    /// The text after the opening byte up to `close` (or the end), which is consumed.
    fn delimited(&mut self, close: u8) -> &'a str {
        let start = self.at + 1;
        let end = self.text.as_bytes()[start..]
            .iter()
            .position(|&byte| byte == close)
            .map_or(self.text.len(), |offset| start + offset);
        self.at = (end + 1).min(self.text.len());
        &self.text[start..end]
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value; if malformed, the rest of
    /// its line, which is skipped.
    fn tag_pair(&mut self) -> Result<(String, String), &'a str> {
        let line_end = self.text[self.at..]
            .find('\n')
            .map_or(self.text.len(), |end| self.at + end);
        let line = &self.text[self.at..line_end];
        let inner = &line[1..];
        self.at = line_end;
        let (name, rest) = inner
            .trim_start()
            .split_once(char::is_whitespace)
            .ok_or(line)?;
        let quoted = rest.trim_start().strip_prefix('"').ok_or(line)?;
        let mut value = String::new();
        let mut chars = quoted.char_indices();
        while let Some((offset, c)) = chars.next() {
            match c {
                '\\' => value.extend(chars.next().map(|(_, escaped)| escaped)),
                '"' => {
                    // Another tag may follow on the same line, after this one's `]`.
                    let after = &quoted[offset + 1..];
                    match after.find(']') {
                        Some(close) => self.at = line_end - (after.len() - close - 1),
                        None => return Err(line),
                    }
                    return Ok((name.to_string(), value));
                }
                _ => value.push(c),
            }
        }
        Err(line)
    }

    /// A variation, nested ones and comments included: the text between its parentheses
    /// (to the end of the text if it is never closed), which is consumed.
    fn variation(&mut self) -> &'a str {
        let start = self.at + 1;
        let mut depth = 0usize;
        while let Some(byte) = self.peek() {
            match byte {
                b'{' => {
                    self.delimited(b'}');
                    continue;
                }
                b';' => {
                    self.rest_of_line();
                    continue;
                }
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.at += 1;
                        return &self.text[start..self.at - 1];
                    }
                }
                _ => {}
            }
            self.at += 1;
        }
        &self.text[start..]
    }

    /// A run of characters up to whitespace or a PGN delimiter (at least one character).
    fn token(&mut self) -> &'a str {
        let rest = &self.text[self.at..];
        // A stray `)` or `}` is a token of its own (delimiters are ASCII, so one byte).
        let len = rest
            .find(|c: char| c.is_whitespace() || "{}();[".contains(c))
            .unwrap_or(rest.len())
            .max(1);
        self.at += len;
        &rest[..len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sans(game: &PgnGame) -> Vec<&str> {
        game.moves.iter().map(|mv| mv.san.as_str()).collect()
    }

    #[test]
    fn tags_moves_comments_nags_and_results_are_read() {
        let text = "\u{feff}[Event \"a \\\"quoted\\\" name\"]\n[Result \"1-0\"]\n\n\
                    {before} 1. e4 {+0.30/9 0.010s} 1... e5 { -0.25/8 } {second} 2.Nf3 $1 $32 \
                    Nc6?! 3. Bb5!! 1-0\n\n[Result \"*\"]\n1. d4 *\n";
        let games: Vec<PgnGame> = read_games(text).collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("a \"quoted\" name"));
        assert_eq!(games[0].result(), Some("1-0"));
        assert_eq!(games[0].line, 1);
        assert_eq!(games[0].comment.as_deref(), Some("before"));
        assert_eq!(sans(&games[0]), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(games[0].moves[0].comment.as_deref(), Some("+0.30/9 0.010s"));
        assert_eq!(games[0].moves[1].comment.as_deref(), Some("-0.25/8 second"));
        assert_eq!(games[0].moves[2].comment, None);
        assert_eq!(games[0].moves[2].nags, [1, 32]);
        assert_eq!(games[0].moves[3].nags, [6]);
        assert_eq!(games[0].moves[4].nags, [3]);
        assert_eq!(games[1].line, 6);
        assert_eq!(games[1].result(), Some("*"));
        assert_eq!(sans(&games[1]), ["d4"]);
    }

    #[test]
    fn variations_are_kept_as_written_and_line_comments_are_comments() {
        let text =
            "%escaped line\n1. e4 (1. d4 d5 (1... Nf6 {a (paren}) 2. c4) (1. c4) e5 ; rest\n\
                    2. Nf3\n3... Nc6 4.0-0 4...O-O-O 1/2-1/2";
        let games: Vec<PgnGame> = read_games(text).collect();
        assert_eq!(games.len(), 1);
        assert_eq!(sans(&games[0]), ["e4", "e5", "Nf3", "Nc6", "0-0", "O-O-O"]);
        assert_eq!(
            games[0].moves[0].variations,
            ["1. d4 d5 (1... Nf6 {a (paren}) 2. c4", "1. c4"]
        );
        assert_eq!(games[0].moves[1].comment.as_deref(), Some("rest"));
        assert_eq!(games[0].result(), Some("1/2-1/2"));
    }

    #[test]
    fn a_game_without_result_ends_at_the_next_tags_or_the_end() {
        let text = "[White \"x\"]\n1. e4 e5\n[White \"y\"]\n1. c4 {unterminated";
        let games: Vec<PgnGame> = read_games(text).collect();
        assert_eq!(games.len(), 2);
        assert_eq!(sans(&games[0]), ["e4", "e5"]);
        assert_eq!(games[0].result(), None);
        assert_eq!(games[1].tag("White"), Some("y"));
        assert_eq!(sans(&games[1]), ["c4"]);
        assert_eq!(games[1].moves[0].comment.as_deref(), Some("unterminated"));
    }

    #[test]
    fn malformed_tags_are_noted_and_stray_bytes_do_not_stop_the_reader() {
        let text = "[Broken]\n[Good \"ok\"] [Unclosed \"x\"\n) } é 1. e4 ½ ?? 1-0";
        let games: Vec<PgnGame> = read_games(text).collect();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tags, [("Good".to_string(), "ok".to_string())]);
        let malformed: Vec<(usize, &str)> = games[0]
            .malformed_tags
            .iter()
            .map(|tag| (tag.line, tag.text.as_str()))
            .collect();
        assert_eq!(malformed, [(1, "[Broken]"), (2, "[Unclosed \"x\"")]);
        assert_eq!(sans(&games[0]), [")", "}", "é", "e4", "½", "??"]);
        assert!(games[0].moves[5].nags.is_empty());
    }
}
