//! Build facts of a service, served by `/actuator/info`.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuildInfo {
    pub artifact: String,
    pub name: String,
    pub version: String,
    /// ms since the epoch.
    pub time: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GitInfo {
    /// Full commit id, or "unknown" when built outside git.
    pub commit_id: String,
    /// Commit time, ms since the epoch (0 when unknown).
    pub commit_time: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Info {
    pub build: BuildInfo,
    pub git: GitInfo,
}

impl Info {
    pub fn new(artifact: &str, version: &str, description: &str) -> Self {
        Self {
            build: BuildInfo {
                artifact: artifact.to_owned(),
                name: description.to_owned(),
                version: version.to_owned(),
                time: env!("TRADEWIND_BUILD_TIME").parse().unwrap_or(0),
            },
            git: GitInfo {
                commit_id: env!("TRADEWIND_GIT_COMMIT").to_owned(),
                commit_time: env!("TRADEWIND_GIT_COMMIT_TIME").parse().unwrap_or(0),
            },
        }
    }
}
