//! The language of user-facing messages: zh-CN by default, en when the request asks for it.
//!
//! The request's language is held in a task-local for the duration of the request, so an error
//! turned into a response deep inside actix still speaks the caller's language.

use std::borrow::Cow;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lang {
    #[default]
    ZhCn,
    En,
}

tokio::task_local! {
    static LANG: Lang;
}

impl Lang {
    /// Picks the first of zh or en in `Accept-Language`, by quality then order.
    pub fn from_accept_language(header: Option<&str>) -> Self {
        let Some(header) = header else {
            return Self::default();
        };
        let mut tags: Vec<(f32, usize, &str)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut pieces = part.split(';');
                let tag = pieces.next()?.trim();
                let q = pieces
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .and_then(|q| q.parse::<f32>().ok())
                    .unwrap_or(1.0);
                Some((q, i, tag))
            })
            .collect();
        tags.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        tags.iter()
            .find_map(|(_, _, tag)| {
                let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
                match primary.as_str() {
                    "zh" => Some(Self::ZhCn),
                    "en" => Some(Self::En),
                    _ => None,
                }
            })
            .unwrap_or_default()
    }

    /// The code other services keep for it: `zh-cn` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Self::ZhCn => "zh-cn",
            Self::En => "en",
        }
    }

    /// The language of the request being handled (zh-CN outside a request).
    pub fn current() -> Self {
        LANG.try_with(|l| *l).unwrap_or_default()
    }

    /// Runs `f` with `self` as the current language, off the request's task (the blocking
    /// pool).
    pub fn sync_scope<R>(self, f: impl FnOnce() -> R) -> R {
        LANG.sync_scope(self, f)
    }

    /// Runs `fut` with `self` as the current language.
    pub async fn scope<F: std::future::Future>(self, fut: F) -> F::Output {
        LANG.scope(self, fut).await
    }
}

/// A user-facing text in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub zh: Cow<'static, str>,
    pub en: Cow<'static, str>,
}

impl Text {
    pub const fn fixed(zh: &'static str, en: &'static str) -> Self {
        Self {
            zh: Cow::Borrowed(zh),
            en: Cow::Borrowed(en),
        }
    }

    pub fn new(zh: impl Into<Cow<'static, str>>, en: impl Into<Cow<'static, str>>) -> Self {
        Self {
            zh: zh.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::ZhCn => &self.zh,
            Lang::En => &self.en,
        }
    }

    /// The text in the language of the current request.
    pub fn localized(&self) -> &str {
        self.get(Lang::current())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_preferred_known_language() {
        assert_eq!(Lang::from_accept_language(None), Lang::ZhCn);
        assert_eq!(Lang::from_accept_language(Some("en-US,en;q=0.9")), Lang::En);
        assert_eq!(
            Lang::from_accept_language(Some("zh-CN,zh;q=0.9,en;q=0.8")),
            Lang::ZhCn
        );
        assert_eq!(
            Lang::from_accept_language(Some("fr-FR, en;q=0.5, zh;q=0.4")),
            Lang::En
        );
        assert_eq!(
            Lang::from_accept_language(Some("zh;q=0.3, en;q=0.7")),
            Lang::En
        );
        assert_eq!(Lang::from_accept_language(Some("de")), Lang::ZhCn);
    }

    #[actix_web::test]
    async fn the_scope_sets_the_current_language() {
        assert_eq!(Lang::current(), Lang::ZhCn);
        let inner = Lang::En.scope(async { Lang::current() }).await;
        assert_eq!(inner, Lang::En);
        let text = Text::fixed("你好", "hello");
        assert_eq!(
            Lang::En.scope(async { text.localized().to_owned() }).await,
            "hello"
        );
    }
}
