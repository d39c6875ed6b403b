//! The web console: files from the built frontend, and `index.html` for every client-side route
//! (`/dashboard`, `/saas-hotel-app/...`) so a reload or a shared link still opens the app.

use std::path::{Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::{Method, header};
use actix_web::{HttpRequest, HttpResponse, web};
use platform::ApiError;
use platform::i18n::Text;

#[derive(Debug, Clone)]
pub struct StaticDir(pub PathBuf);

/// The path below the static directory, or None when it tries to leave it.
fn relative_path(url_path: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for segment in url_path.split('/').filter(|s| !s.is_empty()) {
        if segment == ".." || segment == "." || segment.contains('\\') || segment.contains('\0') {
            return None;
        }
        out.push(segment);
    }
    Some(out)
}

/// A path whose last segment has an extension asks for a file (`app.js`), not a page.
fn looks_like_a_file(path: &Path) -> bool {
    path.extension().is_some()
}

fn not_built(dir: &Path) -> ApiError {
    ApiError::NotFound {
        what: Text::new(
            format!(
                "前端尚未构建（{} 不存在）：请运行 `make frontend` 或 `make run`",
                dir.display()
            ),
            format!(
                "the web console is not built ({} is missing): run `make frontend` or `make run`",
                dir.display()
            ),
        ),
    }
}

pub async fn serve(req: HttpRequest, dir: web::Data<StaticDir>) -> Result<HttpResponse, ApiError> {
    let path = req.path();
    if path.starts_with("/api/") || path == "/api" {
        return Err(ApiError::NotFound {
            what: Text::new(format!("接口 {path}"), format!("endpoint {path}")),
        });
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return Err(ApiError::MethodNotAllowed);
    }
    let root = &dir.0;
    let index = root.join("index.html");
    if !index.is_file() {
        return Err(not_built(root));
    }
    let rel = relative_path(path).ok_or_else(|| ApiError::NotFound {
        what: Text::new(format!("文件 {path}"), format!("file {path}")),
    })?;
    let mut candidate = root.join(&rel);
    if candidate.is_dir() {
        candidate = candidate.join("index.html");
    }
    let (file, is_page) = if candidate.is_file() {
        let is_page = candidate.extension().is_some_and(|e| e == "html");
        (candidate, is_page)
    } else if looks_like_a_file(&rel) {
        return Err(ApiError::NotFound {
            what: Text::new(format!("文件 {path}"), format!("file {path}")),
        });
    } else {
        (index, true)
    };
    let named = NamedFile::open_async(&file)
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("opening {}: {e}", file.display())))?;
    let mut res = named.into_response(&req);
    security_headers(res.headers_mut());
    if is_page {
        // Pages name the current bundles; they must be revalidated on every load.
        res.headers_mut().insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-cache"),
        );
    }
    Ok(res)
}

/// What the console's files are served with: no sniffing, no framing, scripts and styles from
/// the gateway only (MUI's emotion injects style elements, hence inline styles).
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; \
     object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

fn security_headers(headers: &mut header::HeaderMap) {
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::CONTENT_SECURITY_POLICY, CSP),
    ] {
        headers.insert(name, header::HeaderValue::from_static(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cannot_leave_the_static_directory() {
        assert_eq!(
            relative_path("/remotes/hotel/remoteEntry.js"),
            Some("remotes/hotel/remoteEntry.js".into())
        );
        assert_eq!(relative_path("/"), Some(PathBuf::new()));
        assert_eq!(relative_path("/../etc/passwd"), None);
        assert_eq!(relative_path("/a/./b"), None);
    }
}
