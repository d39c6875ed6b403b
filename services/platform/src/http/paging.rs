//! Paging: `page` (from 1) and `resultNum` (default 20, capped at 500) in; a page of results out.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;
use crate::i18n::Text;

pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 500;

#[derive(Debug, Clone, Copy, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// Page number, from 1.
    pub page: Option<u32>,
    /// Page size, default 20, at most 500.
    pub result_num: Option<u32>,
}

/// A validated page request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub size: u32,
}

impl PageQuery {
    pub fn validate(self) -> Result<PageRequest, ApiError> {
        let page = self.page.unwrap_or(1);
        if page == 0 {
            return Err(ApiError::invalid(
                "page",
                Text::fixed("页码从 1 开始", "must be 1 or more"),
            ));
        }
        let size = self.result_num.unwrap_or(DEFAULT_PAGE_SIZE);
        if size == 0 {
            return Err(ApiError::invalid(
                "resultNum",
                Text::fixed("每页条数至少为 1", "must be 1 or more"),
            ));
        }
        Ok(PageRequest {
            page,
            size: size.min(MAX_PAGE_SIZE),
        })
    }
}

impl PageRequest {
    /// Rows to skip, for `OFFSET`.
    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.size)
    }

    /// Rows to take, for `LIMIT`.
    pub fn limit(&self) -> i64 {
        i64::from(self.size)
    }
}

#[derive(Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub results: Vec<T>,
    /// Rows matching the filters, over all pages.
    pub size_all: i64,
    pub page: u32,
    pub result_num: u32,
    pub page_count: i64,
    /// Index of the first row of this page among all rows, from 0.
    pub start_index: i64,
    /// Rows on this page.
    pub size: usize,
}

impl<T> Page<T> {
    pub fn new(results: Vec<T>, size_all: i64, request: PageRequest) -> Self {
        let per_page = i64::from(request.size);
        Self {
            size: results.len(),
            results,
            size_all,
            page: request.page,
            result_num: request.size,
            page_count: (size_all.max(0) + per_page - 1) / per_page,
            start_index: request.offset(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_page_one_of_twenty() {
        let req = PageQuery::default().validate().unwrap();
        assert_eq!(req, PageRequest { page: 1, size: 20 });
        assert_eq!((req.offset(), req.limit()), (0, 20));
    }

    #[test]
    fn page_size_is_capped_at_500() {
        let q = PageQuery {
            page: Some(3),
            result_num: Some(10_000),
        };
        let req = q.validate().unwrap();
        assert_eq!(req.size, 500);
        assert_eq!(req.offset(), 1000);
    }

    #[test]
    fn page_zero_and_size_zero_are_refused_by_field() {
        let err = PageQuery {
            page: Some(0),
            result_num: None,
        }
        .validate()
        .unwrap_err();
        assert!(matches!(err, ApiError::Invalid { ref field, .. } if field == "page"));
        let err = PageQuery {
            page: None,
            result_num: Some(0),
        }
        .validate()
        .unwrap_err();
        assert!(matches!(err, ApiError::Invalid { ref field, .. } if field == "resultNum"));
    }

    #[test]
    fn a_page_counts_its_pages() {
        let req = PageRequest { page: 2, size: 20 };
        let page = Page::new(vec![1, 2, 3], 43, req);
        assert_eq!(page.page_count, 3);
        assert_eq!(page.start_index, 20);
        assert_eq!(page.size, 3);
        let empty: Page<i32> = Page::new(vec![], 0, req);
        assert_eq!(empty.page_count, 0);
        let json = serde_json::to_value(&page).unwrap();
        for key in [
            "results",
            "sizeAll",
            "page",
            "resultNum",
            "pageCount",
            "startIndex",
            "size",
        ] {
            assert!(json.get(key).is_some(), "missing {key}");
        }
    }
}
