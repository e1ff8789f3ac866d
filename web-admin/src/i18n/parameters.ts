/**
 * What each system parameter does, in the console's languages. The database holds one English
 * description per parameter (seeded by services/content/src/migrations); the console shows these
 * texts instead for the keys it knows, and the database's text for a key it does not know (a
 * parameter added later, or by an operator). `deposit_min_<COIN>` and `withdraw_min_<COIN>` exist
 * for every coin: their texts name the coin (%{coin}).
 */

/** The parameters the migrations seed, besides the per-coin minimums. */
export const PARAMETER_KEYS = [
  'down_url',
  'support_url',
  'withdraw_fee_rate',
  'loan_interest_free_days',
  'loan_daily_rate',
  'loan_cap_ratio',
  'loan_cap_ratio_kyc',
  'loan_cap_ratio_advanced',
  'smart_early_exit_penalty',
  'upload_max_mb',
  'fee_rate_u_order',
  'market_maker_spread',
  'exchange_fee_rate',
  'exchange_quote_seconds',
  'u_order_maintenance_margin',
  'u_leverage_max',
  'u_leverage_max_kyc',
  'u_leverage_max_advanced',
  'invite_reward_rate',
  'withdraw_dual_approval_threshold',
] as const;
export type ParameterKey = (typeof PARAMETER_KEYS)[number];

export interface ParameterTexts {
  keys: Record<ParameterKey, string>;
  /** deposit_min_<COIN>, with %{coin}. */
  depositMin: string;
  /** withdraw_min_<COIN>, with %{coin}. */
  withdrawMin: string;
  /** Under a known key's description in its edit form: why it cannot be edited there. */
  readOnly: string;
}

/** The console's languages (i18nProvider's LANGUAGES): each must have every text. */
type Language = 'en' | 'zh' | 'hk' | 'ja' | 'ko' | 'de' | 'fr' | 'it' | 'es' | 'ar' | 'th';

export const PARAMETER_DESCRIPTIONS: Record<Language, ParameterTexts> = {
  en: {
    keys: {
      down_url: 'App download address',
      support_url: 'Online support address',
      withdraw_fee_rate: 'Withdrawal fee, percent of the amount',
      loan_interest_free_days: 'Days after a loan before interest accrues (0: due one day after the loan)',
      loan_daily_rate: 'Loan interest, percent per day',
      loan_cap_ratio: 'Loan cap, share of the real-book balance',
      loan_cap_ratio_kyc: 'Loan cap after KYC, share of the real-book balance',
      loan_cap_ratio_advanced: 'Loan cap after advanced certification, share of the real-book balance',
      smart_early_exit_penalty: 'Smart plan early exit: percent of the principal kept as a penalty',
      upload_max_mb: 'Largest accepted image upload, MB',
      fee_rate_u_order: 'U order fee, percent of the notional',
      market_maker_spread:
        'Internal: spread of the spot market maker’s quotes around the feed price, percent',
      exchange_fee_rate: 'Currency exchange fee, percent of the amount received',
      exchange_quote_seconds: 'How long a currency exchange quote may be executed, seconds',
      u_order_maintenance_margin:
        'U orders: equity left, percent of the margin, at which a position is liquidated (below 100)',
      u_leverage_max: 'U orders: highest leverage on the real book without KYC',
      u_leverage_max_kyc: 'U orders: highest leverage on the real book after KYC',
      u_leverage_max_advanced: 'U orders: highest leverage on the real book after advanced certification',
      invite_reward_rate:
        'Invite reward: share of each real-book trading fee an invited user pays, credited to the inviter',
      withdraw_dual_approval_threshold:
        'Withdrawals worth more than this many USDT need two approvals by two different admins (0: off)',
    },
    depositMin: 'Minimum deposit, %{coin}, on every network (a network may ask more)',
    withdrawMin: 'Minimum withdrawal, %{coin}, on every network (a network may ask more)',
    readOnly: 'Written by the console in each of its languages; not edited here.',
  },
  zh: {
    keys: {
      down_url: 'App 下载地址',
      support_url: '在线客服地址',
      withdraw_fee_rate: '提现手续费，占金额的百分比',
      loan_interest_free_days: '借款后开始计息前的天数（0：借款后一天到期）',
      loan_daily_rate: '借款利息，每日百分比',
      loan_cap_ratio: '借款上限，占真实账户余额的比例',
      loan_cap_ratio_kyc: '完成 KYC 后的借款上限，占真实账户余额的比例',
      loan_cap_ratio_advanced: '完成高级认证后的借款上限，占真实账户余额的比例',
      smart_early_exit_penalty: '智能计划提前退出：作为罚金扣留的本金百分比',
      upload_max_mb: '可上传图片的最大大小，MB',
      fee_rate_u_order: 'U 本位订单手续费，占名义价值的百分比',
      market_maker_spread: '内部：现货做市商报价相对行情价格的价差，百分比',
      exchange_fee_rate: '币种兑换手续费，占到账金额的百分比',
      exchange_quote_seconds: '币种兑换报价的有效执行时间，秒',
      u_order_maintenance_margin: 'U 本位订单：剩余权益占保证金的百分比，低于此值即强制平仓（小于 100）',
      u_leverage_max: 'U 本位订单：未完成 KYC 时真实账户的最高杠杆',
      u_leverage_max_kyc: 'U 本位订单：完成 KYC 后真实账户的最高杠杆',
      u_leverage_max_advanced: 'U 本位订单：完成高级认证后真实账户的最高杠杆',
      invite_reward_rate: '邀请奖励：被邀请用户在真实账户支付的每笔交易手续费中，返给邀请人的比例',
      withdraw_dual_approval_threshold: '价值超过此 USDT 数额的提现需由两位不同的管理员批准（0：关闭）',
    },
    depositMin: '最低充值金额，%{coin}，适用于所有网络（某些网络可能要求更高）',
    withdrawMin: '最低提现金额，%{coin}，适用于所有网络（某些网络可能要求更高）',
    readOnly: '由管理后台以各语言提供，不在此处编辑。',
  },
  hk: {
    keys: {
      down_url: 'App 下載地址',
      support_url: '線上客服地址',
      withdraw_fee_rate: '提現手續費，佔金額的百分比',
      loan_interest_free_days: '借款後開始計息前的天數（0：借款後一天到期）',
      loan_daily_rate: '借款利息，每日百分比',
      loan_cap_ratio: '借款上限，佔真實帳簿餘額的比例',
      loan_cap_ratio_kyc: '完成 KYC 後的借款上限，佔真實帳簿餘額的比例',
      loan_cap_ratio_advanced: '完成高級認證後的借款上限，佔真實帳簿餘額的比例',
      smart_early_exit_penalty: '智能計劃提前退出：作為罰金扣留的本金百分比',
      upload_max_mb: '可上傳圖片的最大大小，MB',
      fee_rate_u_order: 'U 本位訂單手續費，佔名義價值的百分比',
      market_maker_spread: '內部：現貨做市商報價相對行情價格的價差，百分比',
      exchange_fee_rate: '幣種兌換手續費，佔到帳金額的百分比',
      exchange_quote_seconds: '幣種兌換報價的有效執行時間，秒',
      u_order_maintenance_margin: 'U 本位訂單：剩餘權益佔保證金的百分比，低於此值即強制平倉（小於 100）',
      u_leverage_max: 'U 本位訂單：未完成 KYC 時真實帳簿的最高槓桿',
      u_leverage_max_kyc: 'U 本位訂單：完成 KYC 後真實帳簿的最高槓桿',
      u_leverage_max_advanced: 'U 本位訂單：完成高級認證後真實帳簿的最高槓桿',
      invite_reward_rate: '邀請獎勵：被邀請用戶在真實帳簿支付的每筆交易手續費中，返給邀請人的比例',
      withdraw_dual_approval_threshold: '價值超過此 USDT 數額的提現需由兩位不同的管理員批准（0：關閉）',
    },
    depositMin: '最低充值金額，%{coin}，適用於所有網絡（某些網絡可能要求更高）',
    withdrawMin: '最低提現金額，%{coin}，適用於所有網絡（某些網絡可能要求更高）',
    readOnly: '由管理後台以各語言提供，不在此處編輯。',
  },
  ja: {
    keys: {
      down_url: 'アプリのダウンロード先',
      support_url: 'オンラインサポートの窓口',
      withdraw_fee_rate: '出金手数料（金額に対する％）',
      loan_interest_free_days: '借入後、利息が発生するまでの日数（0：借入の翌日が期日）',
      loan_daily_rate: '借入利息（1日あたりの％）',
      loan_cap_ratio: '借入上限（リアル口座残高に対する割合）',
      loan_cap_ratio_kyc: 'KYC 後の借入上限（リアル口座残高に対する割合）',
      loan_cap_ratio_advanced: '上級認証後の借入上限（リアル口座残高に対する割合）',
      smart_early_exit_penalty: 'スマートプランの途中解約：違約金として差し引く元本の％',
      upload_max_mb: 'アップロードできる画像の最大サイズ（MB）',
      fee_rate_u_order: 'U 建て注文の手数料（想定元本に対する％）',
      market_maker_spread: '内部用：現物マーケットメイカーの提示価格と配信価格の差（％）',
      exchange_fee_rate: '通貨両替の手数料（受取額に対する％）',
      exchange_quote_seconds: '通貨両替の見積もりを実行できる時間（秒）',
      u_order_maintenance_margin:
        'U 建て注文：ポジションを強制決済する残余資産の水準（証拠金に対する％、100 未満）',
      u_leverage_max: 'U 建て注文：KYC 前のリアル口座の最大レバレッジ',
      u_leverage_max_kyc: 'U 建て注文：KYC 後のリアル口座の最大レバレッジ',
      u_leverage_max_advanced: 'U 建て注文：上級認証後のリアル口座の最大レバレッジ',
      invite_reward_rate:
        '招待報酬：招待したユーザーがリアル口座で支払う取引手数料のうち、招待者に付与する割合',
      withdraw_dual_approval_threshold:
        'この USDT 相当額を超える出金には、異なる 2 名の管理者の承認が必要（0：無効）',
    },
    depositMin: '最低入金額（%{coin}、全ネットワーク共通。ネットワークによってはさらに高い場合あり）',
    withdrawMin: '最低出金額（%{coin}、全ネットワーク共通。ネットワークによってはさらに高い場合あり）',
    readOnly: 'コンソールが各言語で用意している説明のため、ここでは編集できません。',
  },
  ko: {
    keys: {
      down_url: '앱 다운로드 주소',
      support_url: '온라인 고객지원 주소',
      withdraw_fee_rate: '출금 수수료, 금액 대비 %',
      loan_interest_free_days: '대출 후 이자가 붙기 전까지의 일수 (0: 대출 다음 날 만기)',
      loan_daily_rate: '대출 이자, 일 %',
      loan_cap_ratio: '대출 한도, 실전 계정 잔액 대비 비율',
      loan_cap_ratio_kyc: 'KYC 후 대출 한도, 실전 계정 잔액 대비 비율',
      loan_cap_ratio_advanced: '고급 인증 후 대출 한도, 실전 계정 잔액 대비 비율',
      smart_early_exit_penalty: '스마트 플랜 중도 해지: 위약금으로 공제하는 원금의 %',
      upload_max_mb: '업로드 가능한 이미지 최대 크기, MB',
      fee_rate_u_order: 'U 주문 수수료, 명목 금액 대비 %',
      market_maker_spread: '내부용: 현물 마켓메이커 호가와 시세 가격의 차이, %',
      exchange_fee_rate: '통화 환전 수수료, 수령 금액 대비 %',
      exchange_quote_seconds: '통화 환전 견적을 실행할 수 있는 시간, 초',
      u_order_maintenance_margin: 'U 주문: 포지션이 강제 청산되는 잔여 자산 수준, 증거금 대비 % (100 미만)',
      u_leverage_max: 'U 주문: KYC 전 실전 계정의 최대 레버리지',
      u_leverage_max_kyc: 'U 주문: KYC 후 실전 계정의 최대 레버리지',
      u_leverage_max_advanced: 'U 주문: 고급 인증 후 실전 계정의 최대 레버리지',
      invite_reward_rate:
        '초대 보상: 초대받은 사용자가 실전 계정에서 내는 거래 수수료 중 초대한 사람에게 지급하는 비율',
      withdraw_dual_approval_threshold:
        '이 USDT 금액을 넘는 출금은 서로 다른 관리자 두 명의 승인이 필요 (0: 사용 안 함)',
    },
    depositMin: '최소 입금액, %{coin}, 모든 네트워크 공통 (네트워크에 따라 더 높을 수 있음)',
    withdrawMin: '최소 출금액, %{coin}, 모든 네트워크 공통 (네트워크에 따라 더 높을 수 있음)',
    readOnly: '콘솔이 각 언어로 제공하는 설명이므로 여기서 편집할 수 없습니다.',
  },
  de: {
    keys: {
      down_url: 'Download-Adresse der App',
      support_url: 'Adresse des Online-Supports',
      withdraw_fee_rate: 'Auszahlungsgebühr, Prozent des Betrags',
      loan_interest_free_days:
        'Tage nach einem Kredit, bevor Zinsen anfallen (0: fällig einen Tag nach dem Kredit)',
      loan_daily_rate: 'Kreditzins, Prozent pro Tag',
      loan_cap_ratio: 'Kreditobergrenze, Anteil am Guthaben des Echtgeldkontos',
      loan_cap_ratio_kyc: 'Kreditobergrenze nach KYC, Anteil am Guthaben des Echtgeldkontos',
      loan_cap_ratio_advanced:
        'Kreditobergrenze nach erweiterter Zertifizierung, Anteil am Guthaben des Echtgeldkontos',
      smart_early_exit_penalty:
        'Vorzeitiger Ausstieg aus einem Smart-Plan: einbehaltener Prozentsatz des Kapitals',
      upload_max_mb: 'Größter angenommener Bild-Upload, MB',
      fee_rate_u_order: 'Gebühr für U-Orders, Prozent des Nominalwerts',
      market_maker_spread: 'Intern: Spanne der Kurse des Spot-Market-Makers um den Feed-Preis, Prozent',
      exchange_fee_rate: 'Gebühr für Währungstausch, Prozent des erhaltenen Betrags',
      exchange_quote_seconds:
        'Wie lange ein Angebot für einen Währungstausch ausgeführt werden kann, Sekunden',
      u_order_maintenance_margin:
        'U-Orders: verbleibendes Eigenkapital in Prozent der Margin, bei dem eine Position liquidiert wird (unter 100)',
      u_leverage_max: 'U-Orders: höchster Hebel auf dem Echtgeldkonto ohne KYC',
      u_leverage_max_kyc: 'U-Orders: höchster Hebel auf dem Echtgeldkonto nach KYC',
      u_leverage_max_advanced:
        'U-Orders: höchster Hebel auf dem Echtgeldkonto nach erweiterter Zertifizierung',
      invite_reward_rate:
        'Einladungsprämie: Anteil jeder Handelsgebühr (Echtgeldkonto) eines eingeladenen Nutzers, der dem Einladenden gutgeschrieben wird',
      withdraw_dual_approval_threshold:
        'Auszahlungen über diesem Wert in USDT brauchen zwei Freigaben von zwei verschiedenen Admins (0: aus)',
    },
    depositMin: 'Mindesteinzahlung, %{coin}, in jedem Netzwerk (ein Netzwerk kann mehr verlangen)',
    withdrawMin: 'Mindestauszahlung, %{coin}, in jedem Netzwerk (ein Netzwerk kann mehr verlangen)',
    readOnly: 'Von der Konsole in jeder ihrer Sprachen verfasst; hier nicht bearbeitbar.',
  },
  fr: {
    keys: {
      down_url: "Adresse de téléchargement de l'application",
      support_url: 'Adresse du support en ligne',
      withdraw_fee_rate: 'Frais de retrait, pourcentage du montant',
      loan_interest_free_days:
        'Jours après un prêt avant que les intérêts ne courent (0 : échéance un jour après le prêt)',
      loan_daily_rate: 'Intérêt du prêt, pourcentage par jour',
      loan_cap_ratio: 'Plafond de prêt, part du solde du registre réel',
      loan_cap_ratio_kyc: 'Plafond de prêt après KYC, part du solde du registre réel',
      loan_cap_ratio_advanced: 'Plafond de prêt après certification avancée, part du solde du registre réel',
      smart_early_exit_penalty:
        'Sortie anticipée d’un plan intelligent : pourcentage du capital retenu en pénalité',
      upload_max_mb: "Taille maximale d'une image envoyée, Mo",
      fee_rate_u_order: 'Frais des ordres U, pourcentage du notionnel',
      market_maker_spread:
        'Interne : écart des cotations du teneur de marché spot autour du prix du flux, pourcentage',
      exchange_fee_rate: 'Frais de change, pourcentage du montant reçu',
      exchange_quote_seconds: 'Durée pendant laquelle une cotation de change peut être exécutée, secondes',
      u_order_maintenance_margin:
        'Ordres U : capitaux propres restants, en pourcentage de la marge, auxquels une position est liquidée (moins de 100)',
      u_leverage_max: 'Ordres U : effet de levier maximal sur le registre réel sans KYC',
      u_leverage_max_kyc: 'Ordres U : effet de levier maximal sur le registre réel après KYC',
      u_leverage_max_advanced:
        'Ordres U : effet de levier maximal sur le registre réel après certification avancée',
      invite_reward_rate:
        'Récompense de parrainage : part de chaque frais de trading (registre réel) payé par un filleul, versée au parrain',
      withdraw_dual_approval_threshold:
        'Les retraits de plus de ce nombre de USDT exigent deux approbations par deux administrateurs différents (0 : désactivé)',
    },
    depositMin: 'Dépôt minimal, %{coin}, sur chaque réseau (un réseau peut exiger davantage)',
    withdrawMin: 'Retrait minimal, %{coin}, sur chaque réseau (un réseau peut exiger davantage)',
    readOnly: 'Rédigée par la console dans chacune de ses langues ; elle ne se modifie pas ici.',
  },
  it: {
    keys: {
      down_url: "Indirizzo di download dell'app",
      support_url: 'Indirizzo del supporto online',
      withdraw_fee_rate: "Commissione di prelievo, percentuale dell'importo",
      loan_interest_free_days:
        'Giorni dopo un prestito prima che maturino interessi (0: scadenza un giorno dopo il prestito)',
      loan_daily_rate: 'Interesse del prestito, percentuale al giorno',
      loan_cap_ratio: 'Limite del prestito, quota del saldo del conto reale',
      loan_cap_ratio_kyc: 'Limite del prestito dopo il KYC, quota del saldo del conto reale',
      loan_cap_ratio_advanced:
        'Limite del prestito dopo la certificazione avanzata, quota del saldo del conto reale',
      smart_early_exit_penalty:
        'Uscita anticipata da un piano smart: percentuale del capitale trattenuta come penale',
      upload_max_mb: 'Dimensione massima di un’immagine caricata, MB',
      fee_rate_u_order: 'Commissione degli ordini U, percentuale del nozionale',
      market_maker_spread:
        'Interno: spread delle quotazioni del market maker spot attorno al prezzo del feed, percentuale',
      exchange_fee_rate: "Commissione di cambio valuta, percentuale dell'importo ricevuto",
      exchange_quote_seconds: 'Per quanto tempo una quotazione di cambio può essere eseguita, secondi',
      u_order_maintenance_margin:
        'Ordini U: patrimonio residuo, in percentuale del margine, al quale una posizione viene liquidata (sotto 100)',
      u_leverage_max: 'Ordini U: leva massima sul conto reale senza KYC',
      u_leverage_max_kyc: 'Ordini U: leva massima sul conto reale dopo il KYC',
      u_leverage_max_advanced: 'Ordini U: leva massima sul conto reale dopo la certificazione avanzata',
      invite_reward_rate:
        "Premio d'invito: quota di ogni commissione di trading (conto reale) pagata da un invitato, accreditata a chi lo ha invitato",
      withdraw_dual_approval_threshold:
        'I prelievi oltre questo valore in USDT richiedono due approvazioni da due amministratori diversi (0: disattivato)',
    },
    depositMin: 'Deposito minimo, %{coin}, su ogni rete (una rete può chiedere di più)',
    withdrawMin: 'Prelievo minimo, %{coin}, su ogni rete (una rete può chiedere di più)',
    readOnly: 'Scritta dalla console in ciascuna delle sue lingue; non si modifica qui.',
  },
  es: {
    keys: {
      down_url: 'Dirección de descarga de la aplicación',
      support_url: 'Dirección del soporte en línea',
      withdraw_fee_rate: 'Comisión de retiro, porcentaje del importe',
      loan_interest_free_days:
        'Días tras un préstamo antes de que se generen intereses (0: vence un día después del préstamo)',
      loan_daily_rate: 'Interés del préstamo, porcentaje diario',
      loan_cap_ratio: 'Límite del préstamo, proporción del saldo del libro real',
      loan_cap_ratio_kyc: 'Límite del préstamo tras el KYC, proporción del saldo del libro real',
      loan_cap_ratio_advanced:
        'Límite del préstamo tras la certificación avanzada, proporción del saldo del libro real',
      smart_early_exit_penalty:
        'Salida anticipada de un plan inteligente: porcentaje del capital retenido como penalización',
      upload_max_mb: 'Tamaño máximo de una imagen subida, MB',
      fee_rate_u_order: 'Comisión de las órdenes U, porcentaje del nocional',
      market_maker_spread:
        'Interno: diferencial de las cotizaciones del creador de mercado spot en torno al precio del feed, porcentaje',
      exchange_fee_rate: 'Comisión de cambio de divisas, porcentaje del importe recibido',
      exchange_quote_seconds: 'Cuánto tiempo puede ejecutarse una cotización de cambio, segundos',
      u_order_maintenance_margin:
        'Órdenes U: patrimonio restante, en porcentaje del margen, al que se liquida una posición (menos de 100)',
      u_leverage_max: 'Órdenes U: apalancamiento máximo en el libro real sin KYC',
      u_leverage_max_kyc: 'Órdenes U: apalancamiento máximo en el libro real tras el KYC',
      u_leverage_max_advanced:
        'Órdenes U: apalancamiento máximo en el libro real tras la certificación avanzada',
      invite_reward_rate:
        'Recompensa por invitación: proporción de cada comisión de trading (libro real) que paga un invitado, abonada a quien lo invitó',
      withdraw_dual_approval_threshold:
        'Los retiros de más de esta cantidad de USDT necesitan dos aprobaciones de dos administradores distintos (0: desactivado)',
    },
    depositMin: 'Depósito mínimo, %{coin}, en todas las redes (una red puede pedir más)',
    withdrawMin: 'Retiro mínimo, %{coin}, en todas las redes (una red puede pedir más)',
    readOnly: 'Redactada por la consola en cada uno de sus idiomas; no se edita aquí.',
  },
  ar: {
    keys: {
      down_url: 'عنوان تنزيل التطبيق',
      support_url: 'عنوان الدعم عبر الإنترنت',
      withdraw_fee_rate: 'رسوم السحب، نسبة مئوية من المبلغ',
      loan_interest_free_days: 'عدد الأيام بعد القرض قبل احتساب الفائدة (0: يستحق بعد يوم واحد من القرض)',
      loan_daily_rate: 'فائدة القرض، نسبة مئوية في اليوم',
      loan_cap_ratio: 'الحد الأقصى للقرض، حصة من رصيد الدفتر الحقيقي',
      loan_cap_ratio_kyc: 'الحد الأقصى للقرض بعد التحقق من الهوية (KYC)، حصة من رصيد الدفتر الحقيقي',
      loan_cap_ratio_advanced: 'الحد الأقصى للقرض بعد التوثيق المتقدم، حصة من رصيد الدفتر الحقيقي',
      smart_early_exit_penalty: 'الخروج المبكر من الخطة الذكية: نسبة مئوية من رأس المال تُحتجز غرامةً',
      upload_max_mb: 'أكبر حجم مقبول لرفع صورة، ميغابايت',
      fee_rate_u_order: 'رسوم أوامر U، نسبة مئوية من القيمة الاسمية',
      market_maker_spread: 'داخلي: فارق عروض صانع السوق الفوري حول سعر المصدر، نسبة مئوية',
      exchange_fee_rate: 'رسوم تحويل العملات، نسبة مئوية من المبلغ المستلم',
      exchange_quote_seconds: 'مدة صلاحية عرض سعر تحويل العملات للتنفيذ، بالثواني',
      u_order_maintenance_margin:
        'أوامر U: حقوق الملكية المتبقية، نسبة مئوية من الهامش، التي تُصفّى عندها المركز (أقل من 100)',
      u_leverage_max: 'أوامر U: أعلى رافعة مالية في الدفتر الحقيقي دون التحقق من الهوية',
      u_leverage_max_kyc: 'أوامر U: أعلى رافعة مالية في الدفتر الحقيقي بعد التحقق من الهوية',
      u_leverage_max_advanced: 'أوامر U: أعلى رافعة مالية في الدفتر الحقيقي بعد التوثيق المتقدم',
      invite_reward_rate:
        'مكافأة الدعوة: حصة من كل رسوم تداول في الدفتر الحقيقي يدفعها المستخدم المدعو، تُضاف إلى صاحب الدعوة',
      withdraw_dual_approval_threshold:
        'عمليات السحب التي تتجاوز قيمتها هذا العدد من USDT تحتاج إلى موافقتين من مشرفَين مختلفَين (0: معطّل)',
    },
    depositMin: 'الحد الأدنى للإيداع، %{coin}، على كل شبكة (قد تطلب شبكة ما أكثر)',
    withdrawMin: 'الحد الأدنى للسحب، %{coin}، على كل شبكة (قد تطلب شبكة ما أكثر)',
    readOnly: 'تكتبه لوحة الإدارة بكل لغاتها، ولا يُعدَّل هنا.',
  },
  th: {
    keys: {
      down_url: 'ที่อยู่สำหรับดาวน์โหลดแอป',
      support_url: 'ที่อยู่ฝ่ายบริการลูกค้าออนไลน์',
      withdraw_fee_rate: 'ค่าธรรมเนียมการถอน เป็นเปอร์เซ็นต์ของจำนวนเงิน',
      loan_interest_free_days: 'จำนวนวันหลังการกู้ก่อนเริ่มคิดดอกเบี้ย (0: ครบกำหนดหนึ่งวันหลังการกู้)',
      loan_daily_rate: 'ดอกเบี้ยเงินกู้ เปอร์เซ็นต์ต่อวัน',
      loan_cap_ratio: 'วงเงินกู้สูงสุด สัดส่วนของยอดเงินในบัญชีจริง',
      loan_cap_ratio_kyc: 'วงเงินกู้สูงสุดหลังยืนยันตัวตน (KYC) สัดส่วนของยอดเงินในบัญชีจริง',
      loan_cap_ratio_advanced: 'วงเงินกู้สูงสุดหลังการรับรองขั้นสูง สัดส่วนของยอดเงินในบัญชีจริง',
      smart_early_exit_penalty: 'การออกจากแผนอัจฉริยะก่อนกำหนด: เปอร์เซ็นต์ของเงินต้นที่หักเป็นค่าปรับ',
      upload_max_mb: 'ขนาดสูงสุดของรูปภาพที่อัปโหลดได้ MB',
      fee_rate_u_order: 'ค่าธรรมเนียมคำสั่ง U เป็นเปอร์เซ็นต์ของมูลค่าตามสัญญา',
      market_maker_spread: 'ภายใน: ส่วนต่างราคาเสนอของผู้ดูแลสภาพคล่องสปอตรอบราคาจากแหล่งราคา เปอร์เซ็นต์',
      exchange_fee_rate: 'ค่าธรรมเนียมการแลกเปลี่ยนสกุลเงิน เป็นเปอร์เซ็นต์ของจำนวนที่ได้รับ',
      exchange_quote_seconds: 'ระยะเวลาที่ใบเสนอราคาการแลกเปลี่ยนสกุลเงินใช้ดำเนินการได้ วินาที',
      u_order_maintenance_margin:
        'คำสั่ง U: ส่วนของเจ้าของที่เหลือ เป็นเปอร์เซ็นต์ของมาร์จิน ที่สถานะจะถูกบังคับปิด (ต่ำกว่า 100)',
      u_leverage_max: 'คำสั่ง U: เลเวอเรจสูงสุดในบัญชีจริงเมื่อยังไม่ยืนยันตัวตน',
      u_leverage_max_kyc: 'คำสั่ง U: เลเวอเรจสูงสุดในบัญชีจริงหลังยืนยันตัวตน',
      u_leverage_max_advanced: 'คำสั่ง U: เลเวอเรจสูงสุดในบัญชีจริงหลังการรับรองขั้นสูง',
      invite_reward_rate: 'รางวัลการเชิญ: สัดส่วนของค่าธรรมเนียมการซื้อขายแต่ละครั้งในบัญชีจริงที่ผู้ถูกเชิญจ่าย ซึ่งจะเข้าบัญชีผู้เชิญ',
      withdraw_dual_approval_threshold:
        'การถอนที่มีมูลค่าเกินจำนวน USDT นี้ต้องได้รับการอนุมัติจากผู้ดูแลระบบสองคนที่แตกต่างกัน (0: ปิด)',
    },
    depositMin: 'การฝากขั้นต่ำ %{coin} ในทุกเครือข่าย (บางเครือข่ายอาจกำหนดสูงกว่า)',
    withdrawMin: 'การถอนขั้นต่ำ %{coin} ในทุกเครือข่าย (บางเครือข่ายอาจกำหนดสูงกว่า)',
    readOnly: 'คอนโซลเขียนไว้ในทุกภาษาที่รองรับ จึงแก้ไขที่นี่ไม่ได้',
  },
};

const COIN_MINIMUM = /^(deposit|withdraw)_min_([A-Z0-9]+)$/;

/**
 * A parameter's description in the console's language: the console's text for a key it knows
 * (English where the language has none), else the database's.
 */
/** Why a known key's description is not edited in its form, in the console's language. */
export function parameterReadOnlyNote(locale: string): string {
  return (PARAMETER_DESCRIPTIONS[locale as Language] ?? PARAMETER_DESCRIPTIONS.en).readOnly;
}

export function parameterDescription(locale: string, key: string, stored: string | null | undefined): string {
  const texts = PARAMETER_DESCRIPTIONS[locale as Language] ?? PARAMETER_DESCRIPTIONS.en;
  const coin = COIN_MINIMUM.exec(key);
  if (coin) return (coin[1] === 'deposit' ? texts.depositMin : texts.withdrawMin).replace('%{coin}', coin[2]);
  const known = (texts.keys as Record<string, string | undefined>)[key];
  return known ?? stored ?? '';
}
