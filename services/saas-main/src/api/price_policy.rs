//! Price policy (`/saas/pricePolicy/*`): the tenant's price levels and the price rules its
//! distributors' levels follow. The tenant's staff only: merchants neither see nor set them.

use actix_web::{get, post, put, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::i18n::{Lang, Text};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::price_policy::{self as rules, RULE_DISABLED, RULE_ENABLED, Scope};
use crate::store::price_policy::{
    self as store, GradeDeletion, PriceGrade, PriceRule, RuleFields, RuleFilter,
};
use platform::trade::formula::{self, Prices};

fn grade_not_found() -> ApiError {
    ApiError::not_found("价格等级", "price level")
}

fn rule_not_found() -> ApiError {
    ApiError::not_found("价格规则", "price rule")
}

/// The tenant's price levels (level 0 always), with the distributors and rules at each.
#[utoipa::path(responses((status = 200, body = [PriceGrade]), (status = 403)), security(("bearer" = [])), tag = "pricePolicy")]
#[get("/saas/pricePolicy/priceGrade/list")]
pub async fn grade_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<Vec<PriceGrade>>, ApiError> {
    viewer.require_tenant_staff()?;
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::list_grades(conn, &viewer)?)
    })
    .await?;
    Ok(Reply(rows))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GradeForm {
    /// 0 to 9.
    pub grade: i32,
    pub grade_name: String,
    #[serde(default)]
    pub remark: String,
}

impl GradeForm {
    fn check(&self) -> Result<(String, String), ApiError> {
        rules::check_grade("grade", self.grade)?;
        rules::check_grade_text(&self.grade_name, &self.remark)
    }
}

/// Adds a level (1-9; level 0 exists already and is renamed by update).
#[utoipa::path(request_body = GradeForm, responses((status = 200, body = bool), (status = 403), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[post("/saas/pricePolicy/priceGrade/save")]
pub async fn grade_save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<GradeForm>,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    let (name, remark) = form.check()?;
    let grade = form.grade;
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        let taken =
            || ApiError::invalid_field("grade", "该等级已存在", "this level exists already");
        if grade == rules::DEFAULT_GRADE {
            return Err(taken());
        }
        write_tx(conn, |conn| {
            if store::insert_grade(
                conn,
                &viewer,
                grade,
                &name,
                &remark,
                platform::time::now_ms(),
            )? {
                Ok(())
            } else {
                Err(taken())
            }
        })
    })
    .await?;
    Ok(Reply(true))
}

/// Renames a level (level 0 included).
#[utoipa::path(request_body = GradeForm, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[put("/saas/pricePolicy/priceGrade/update")]
pub async fn grade_update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<GradeForm>,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    let (name, remark) = form.check()?;
    let grade = form.grade;
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            if store::update_grade(
                conn,
                &viewer,
                grade,
                &name,
                &remark,
                platform::time::now_ms(),
            )? {
                Ok(())
            } else {
                Err(grade_not_found())
            }
        })
    })
    .await?;
    Ok(Reply(true))
}

#[derive(Debug, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct GradeRef {
    /// 1 to 9.
    pub grade: i32,
}

/// What deleting a level would clear: the distributors that go back to level 0 and the rules
/// deleted with it (the console names them in its confirmation).
#[utoipa::path(params(GradeRef), responses((status = 200, body = GradeDeletion), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[get("/saas/pricePolicy/priceGrade/deletePreview")]
pub async fn grade_delete_preview(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<GradeRef>,
) -> Result<Reply<GradeDeletion>, ApiError> {
    viewer.require_tenant_staff()?;
    let grade = q.grade;
    rules::check_grade("grade", grade)?;
    rules::check_deletable(grade)?;
    let preview = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if !store::grade_exists(conn, &viewer, grade)? {
            return Err(grade_not_found());
        }
        Ok(store::deletion_of(conn, &viewer, grade)?)
    })
    .await?;
    Ok(Reply(preview))
}

/// Deletes a level: its distributors go back to level 0, its rules are deleted (each rule's
/// `price-rule.updated` says so). Answers what was cleared.
#[utoipa::path(request_body = GradeRef, responses((status = 200, body = GradeDeletion), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[put("/saas/pricePolicy/priceGrade/delete")]
pub async fn grade_delete(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<GradeRef>,
) -> Result<Reply<GradeDeletion>, ApiError> {
    viewer.require_tenant_staff()?;
    let grade = form.grade;
    rules::check_grade("grade", grade)?;
    rules::check_deletable(grade)?;
    let cleared = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            store::delete_grade(conn, &viewer, grade, platform::time::now_ms())?
                .ok_or_else(grade_not_found)
        })
    })
    .await?;
    Ok(Reply(cleared))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RuleListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub rule_name: Option<String>,
    /// -99: all.
    pub grade: Option<i32>,
    pub supplier_id: Option<i64>,
    /// typeProducts; -99: all.
    pub product_type: Option<i32>,
    /// 1 enabled, 0 disabled; -99: all.
    pub state: Option<i32>,
}

/// The tenant's price rules by level.
#[utoipa::path(params(RuleListQuery), responses((status = 200, body = Page<PriceRule>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[get("/saas/pricePolicy/priceRule/list")]
pub async fn rule_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<RuleListQuery>,
) -> Result<Reply<Page<PriceRule>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = RuleFilter {
        rule_name: q.rule_name,
        grade: unless_all(q.grade),
        supplier_id: q.supplier_id.filter(|s| *s > 0),
        product_type: unless_all(q.product_type),
        state: unless_all(q.state),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list_rules(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalculateForm {
    pub formula: String,
    /// Sample prices, fen.
    pub purchase_price: i64,
    pub distribution_price: i64,
    pub retail_price: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FormulaProblem {
    /// 1-based character of the formula where it goes wrong.
    pub position: usize,
    /// In the request's language.
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Calculation {
    /// The price in fen, rounded once to the nearest fen (half a fen away from zero); None when
    /// the formula is wrong or cannot be evaluated for these prices.
    pub price: Option<i64>,
    /// The exact value before rounding, `numerator/denominator` fen (or whole fen).
    pub exact: Option<String>,
    pub error: Option<FormulaProblem>,
}

fn problem(e: &formula::FormulaError) -> FormulaProblem {
    let (zh, en) = e.texts();
    FormulaProblem {
        position: e.position,
        message: Text::new(zh, en).get(Lang::current()).to_owned(),
    }
}

/// What a formula gives for sample prices, before it is saved. A wrong formula is answered
/// here (200, `error` with its position), so the console can point at it; save refuses it
/// with a 412.
#[utoipa::path(request_body = CalculateForm, responses((status = 200, body = Calculation), (status = 403), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[post("/saas/pricePolicy/priceRule/calculate")]
pub async fn rule_calculate(
    viewer: Viewer,
    form: Json<CalculateForm>,
) -> Result<Reply<Calculation>, ApiError> {
    viewer.require_tenant_staff()?;
    rules::check_sample("purchasePrice", form.purchase_price)?;
    rules::check_sample("distributionPrice", form.distribution_price)?;
    rules::check_sample("retailPrice", form.retail_price)?;
    let prices = Prices {
        purchase: form.purchase_price,
        distribution: form.distribution_price,
        retail: form.retail_price,
    };
    let result = formula::parse(form.formula.trim()).and_then(|e| formula::evaluate(&e, prices));
    Ok(Reply(match result {
        Ok((price, exact)) => Calculation {
            price: Some(price),
            exact: Some(exact.exact()),
            error: None,
        },
        Err(e) => Calculation {
            price: None,
            exact: None,
            error: Some(problem(&e)),
        },
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    pub rule_name: String,
    pub grade: i32,
    /// 0 or absent: any supplier.
    #[serde(default)]
    pub supplier_id: i64,
    /// typeProducts; 0 or absent: any.
    #[serde(default)]
    pub product_type: i32,
    /// 0 or absent: any product.
    #[serde(default)]
    pub product_id: i64,
    /// Over purchase, distribution and retail (fen) with + - * / and parentheses.
    pub formula: String,
    #[serde(default)]
    pub remark: String,
}

impl RuleForm {
    fn check(&self) -> Result<RuleFields, ApiError> {
        let (rule_name, remark) = rules::check_rule_text(&self.rule_name, &self.remark)?;
        let scope = Scope {
            grade: self.grade,
            supplier_id: self.supplier_id,
            product_type: self.product_type,
            product_id: self.product_id,
        };
        rules::check_scope(&scope)?;
        let (formula, _) = rules::check_formula(&self.formula)?;
        Ok(RuleFields {
            rule_name,
            scope,
            formula,
            remark,
        })
    }
}

/// The rules a save or update must meet against the tenant's data: the level exists, the
/// supplier is the tenant's, no other rule has the scope.
fn check_against_tenant(
    conn: &mut platform::db::DbConnection,
    viewer: &Viewer,
    f: &RuleFields,
    except: i64,
) -> Result<(), ApiError> {
    if !store::grade_exists(conn, viewer, f.scope.grade)? {
        return Err(ApiError::invalid_field(
            "grade",
            "该价格等级不存在",
            "no such price level",
        ));
    }
    if f.scope.supplier_id != 0 && !store::is_supplier(conn, viewer, f.scope.supplier_id)? {
        return Err(ApiError::invalid_field(
            "supplierId",
            "供应商不存在",
            "no such supplier",
        ));
    }
    if store::scope_taken(conn, viewer, &f.scope, except)? {
        return Err(ApiError::invalid_field(
            "grade",
            "该等级在此范围已有规则",
            "a rule for this level and scope exists already",
        ));
    }
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RuleCreated {
    pub id: i64,
}

/// Adds a rule, enabled. A wrong formula is a 412 on `formula` naming the character.
#[utoipa::path(request_body = RuleForm, responses((status = 200, body = RuleCreated), (status = 403), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[post("/saas/pricePolicy/priceRule/save")]
pub async fn rule_save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<RuleForm>,
) -> Result<Reply<RuleCreated>, ApiError> {
    viewer.require_tenant_staff()?;
    let fields = form.check()?;
    let id = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            check_against_tenant(conn, &viewer, &fields, 0)?;
            let id = platform::id::next_id();
            store::insert_rule(conn, &viewer, id, &fields, platform::time::now_ms())?;
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(RuleCreated { id }))
}

/// Changes a rule (its state stays).
#[utoipa::path(request_body = RuleForm, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[put("/saas/pricePolicy/priceRule/update")]
pub async fn rule_update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<RuleForm>,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    let fields = form.check()?;
    let id = form
        .id
        .ok_or_else(|| ApiError::invalid_field("id", "请选择规则", "Please select the rule"))?;
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            store::find_rule(conn, &viewer, id)?.ok_or_else(rule_not_found)?;
            check_against_tenant(conn, &viewer, &fields, id)?;
            store::update_rule(conn, &viewer, id, &fields, platform::time::now_ms())?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RuleId {
    pub id: i64,
}

async fn set_state(
    pool: &DbPool,
    viewer: Viewer,
    id: i64,
    state: i32,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    rules::check_rule_state(state)?;
    with_conn(pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            store::set_rule_state(conn, &viewer, id, state, platform::time::now_ms())?
                .ok_or_else(rule_not_found)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

/// Enables a rule: its level's distributors pay its price again.
#[utoipa::path(request_body = RuleId, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[put("/saas/pricePolicy/priceRule/enable")]
pub async fn rule_enable(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<RuleId>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, viewer, form.id, RULE_ENABLED).await
}

/// Disables a rule: a less specific enabled rule (or none) prices its scope.
#[utoipa::path(request_body = RuleId, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[put("/saas/pricePolicy/priceRule/disable")]
pub async fn rule_disable(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<RuleId>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, viewer, form.id, RULE_DISABLED).await
}

/// Deletes a rule.
#[utoipa::path(request_body = RuleId, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[put("/saas/pricePolicy/priceRule/delete")]
pub async fn rule_delete(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<RuleId>,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    let id = form.id;
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            if store::delete_rule(conn, &viewer, id, platform::time::now_ms())? {
                Ok(())
            } else {
                Err(rule_not_found())
            }
        })
    })
    .await?;
    Ok(Reply(true))
}

platform::endpoints!(
    grade_list,
    grade_save,
    grade_update,
    grade_delete_preview,
    grade_delete,
    rule_list,
    rule_calculate,
    rule_save,
    rule_update,
    rule_enable,
    rule_disable,
    rule_delete
);
