/**
 * Texts of the console as operators work with it: the fields of a record's detail (the expand
 * panel of orders, trades and plans) and the codes of their values, a list (or a table of a detail
 * page) whose records could not be loaded, and checks of forms that follow the API's. Merged into
 * each language's messages by consoleMessages (language.ts); each language file in locales/ holds
 * its own version.
 */
export const OPERATIONS_EN = {
  resources: {
    plans: {
      fields: {
        productId: 'Product ID',
        currency: 'Currency',
        dailyIncome: 'Daily income',
        estimatedCurrentIncome: 'Income so far (estimate)',
        nextEarningAt: 'Next payout',
        penalty: 'Early-exit penalty',
        closedAt: 'Closed',
      },
    },
    'u-orders': {
      fields: {
        id: 'ID',
        name: 'Instrument name',
        marketId: 'Instrument ID',
        currency: 'Currency',
        contractSize: 'Contract size',
        limitPrice: 'Limit price',
        stopLoss: 'Stop loss',
        takeProfit: 'Take profit',
        liquidationPrice: 'Liquidation price',
        fee: 'Fee',
        insurance: 'Insurance',
        floatingProfit: 'Floating profit',
        currentPrice: 'Current price',
        openPriceSource: 'Open price from',
        openPriceAt: 'Open price time',
        closeReason: 'Close reason',
        closePriceSource: 'Close price from',
        closePriceAt: 'Close price time',
        openTime: 'Opened',
        closeTime: 'Closed',
      },
    },
    'options-orders': {
      fields: {
        id: 'ID',
        marketId: 'Instrument ID',
        productId: 'Product ID',
        productName: 'Product',
        currency: 'Currency',
        payoutRate: 'Payout rate',
        payoutIfWon: 'Payout if won',
        expiresAt: 'Expires',
        remainingSeconds: 'Seconds left',
        settlePriceSource: 'Settle price from',
        settlePriceAt: 'Settle price time',
        payout: 'Payout',
        settledAt: 'Settled',
      },
    },
    'spot-orders': {
      fields: {
        marketMaker: 'Market maker',
        quoteAmount: 'Amount to spend',
        turnover: 'Turnover',
        held: 'Held',
        heldLeft: 'Still held',
        cancelReason: 'Cancel reason',
        cancelRequestedAt: 'Cancel requested',
        updatedAt: 'Updated',
        closedAt: 'Closed',
      },
    },
    'spot-trades': {
      fields: {
        seq: 'Sequence',
        buyerFee: "Buyer's fee",
        sellerFee: "Seller's fee",
      },
    },
  },
  swx: {
    visual: {
      oneApproval: 'One approval',
      queues: {
        maintenance: 'Maintenance',
        'plan-settlement': 'Plan payouts',
        loans: 'Loans',
        reviews: 'Review reminders',
        trading: 'Orders and options',
        nfts: 'NFT auctions',
        invite: 'Invite rewards',
        notifications: 'Customer notifications',
      },
      browserZone: "In your browser's time zone (%{zone})",
      auditTargets: {
        recharge: 'Deposit',
        withdrawal: 'Withdrawal',
        kyc: 'KYC verification',
        adjustment: 'Ledger adjustment',
        admin_user: 'Admin account',
        announcement: 'Announcement',
        coinNetwork: 'Coin network',
        content_item: 'Content item',
        instrument: 'Instrument',
        level: 'VIP level',
        loan: 'Loan',
        loan_product: 'Loan product',
        options_product: 'Options product',
        outbox: 'Outbox',
        planProduct: 'Plan product',
        support_conversation: 'Support conversation',
        system_parameter: 'System parameter',
        user: 'User',
        nft: 'NFT',
        charity: 'Charity',
      },
      auditActions: {
        recharge: {
          approved: 'Deposit approved',
          rejected: 'Deposit rejected',
          approved_once: 'Deposit approved once (second approval needed)',
        },
        withdrawal: {
          approved: 'Withdrawal approved',
          rejected: 'Withdrawal rejected',
          approved_once: 'Withdrawal approved once (second approval needed)',
          completed: 'Withdrawal paid out',
        },
        kyc: {
          verified: 'KYC approved',
          failed: 'KYC rejected',
        },
        adjustment: {
          created: 'Adjustment requested',
          approved: 'Adjustment approved',
          rejected: 'Adjustment rejected',
        },
        admin: {
          login: 'Signed in',
          login_failed: 'Sign-in failed',
          login_2fa_failed: 'Sign-in code wrong',
          '2fa_enabled': 'Two-factor authentication turned on',
          '2fa_reset': 'Two-factor authentication reset',
          admin_created: 'Admin account created',
          admin_updated: 'Admin account changed',
          admin_enabled: 'Admin account enabled',
          admin_disabled: 'Admin account disabled',
          admin_password_reset: 'Admin password reset',
          password_changed: 'Own password changed',
          password_change_failed: 'Password change failed',
        },
        announcement: {
          created: 'Announcement created',
          updated: 'Announcement changed',
          deleted: 'Announcement deleted',
        },
        content: {
          created: 'Content item created',
          updated: 'Content item changed',
          deleted: 'Content item deleted',
        },
        level: {
          created: 'VIP level created',
          updated: 'VIP level changed',
          deleted: 'VIP level deleted',
        },
        coinNetwork: {
          update: 'Coin network changed',
        },
        loan: {
          markRepaid: 'Loan marked repaid',
        },
        loan_product: {
          created: 'Loan product created',
          updated: 'Loan product changed',
        },
        options_product: {
          created: 'Options product created',
          updated: 'Options product changed',
        },
        planProduct: {
          create: 'Plan product created',
          update: 'Plan product changed',
        },
        instrument: {
          create: 'Instrument created',
          update: 'Instrument changed',
        },
        outbox: {
          read: 'Outbox read',
        },
        parameter: {
          updated: 'Parameter changed',
        },
        support: {
          replied: 'Support reply sent',
          closed: 'Support conversation closed',
        },
        user: {
          frozen: 'User frozen',
          unfrozen: 'User unfrozen',
          demo_enabled: 'Demo book enabled',
          demo_disabled: 'Demo book disabled',
        },
        nft: {
          created: 'NFT listed',
          updated: 'NFT changed',
          withdrawn: 'NFT withdrawn from sale',
        },
        charity: {
          created: 'Charity created',
          updated: 'Charity changed',
        },
      },
    },
    export: {
      preparing: 'Counting the records…',
      progress: 'Exporting %{done} of %{total}…',
      tooMany:
        '%{total} records match these filters, more than the %{max} an export can hold. Narrow the filters and export again.',
      failed: 'The export failed and no file was saved: %{message}',
      changing: 'the list kept changing while it was read; try again',
      done: 'Records exported: %{count}',
    },
    list: {
      failed: 'This list could not be loaded',
      stale: 'The rows below are from the last successful load.',
      retry: 'Retry',
    },
    validation: {
      percentUnder100: 'A percent under 100 with at most 6 decimals, e.g. 0.5',
      confirmationsCount: 'A whole number of confirmations from 1 to 100,000',
    },
    values: {
      direction: {
        up: 'Up',
        down: 'Down',
        buy: 'Buy',
        sell: 'Sell',
      },
      closeReason: {
        manual: 'Closed by the customer',
        stop_loss: 'Stop loss',
        take_profit: 'Take profit',
        liquidation: 'Liquidation',
        cancelled: 'Cancelled before opening',
      },
      cancelReason: {
        user: 'By the customer',
        self_trade: 'Would have traded with an own order',
        no_liquidity: 'No liquidity',
        requote: 'Price moved (requote)',
        rejected: 'Rejected',
      },
      priceSource: {
        tick: 'Price tick',
        quote: 'Quote at order time',
        kline: 'Candle',
      },
      instrumentType: {
        '1': 'Forex',
        '2': 'Crypto',
        '4': 'Futures',
        '5': 'ETF',
        '6': 'Stocks',
        '7': 'Metals',
      },
      hours: {
        alwaysOpen: 'Open 24/7',
        sessions: 'Weekly sessions: %{count}',
      },
      contentSection: {
        footer: 'Footer',
        help: 'Help centre',
      },
      contentType: {
        '1': 'Company',
        '2': 'Policy',
        '3': 'Other',
      },
      bidStatus: {
        active: 'Leading',
        outbid: 'Outbid',
        released: 'Released',
        won: 'Won',
      },
    },
    loans: {
      markRepaidSummary:
        'Records that %{user} repaid %{total} %{currency} outside the platform: principal %{principal} and interest %{interest} accrued so far. The loan closes.',
    },
  },
};

export const OPERATIONS_ZH: OperationsMessages = {
  resources: {
    plans: {
      fields: {
        productId: '产品 ID',
        currency: '币种',
        dailyIncome: '每日收益',
        estimatedCurrentIncome: '当前收益（估算）',
        nextEarningAt: '下次派息',
        penalty: '提前退出违约金',
        closedAt: '结束时间',
      },
    },
    'u-orders': {
      fields: {
        id: 'ID',
        name: '品种名称',
        marketId: '品种 ID',
        currency: '币种',
        contractSize: '合约面值',
        limitPrice: '限价',
        stopLoss: '止损',
        takeProfit: '止盈',
        liquidationPrice: '强平价',
        fee: '手续费',
        insurance: '保险费',
        floatingProfit: '浮动盈亏',
        currentPrice: '当前价格',
        openPriceSource: '开仓价来源',
        openPriceAt: '开仓价时间',
        closeReason: '平仓原因',
        closePriceSource: '平仓价来源',
        closePriceAt: '平仓价时间',
        openTime: '开仓时间',
        closeTime: '平仓时间',
      },
    },
    'options-orders': {
      fields: {
        id: 'ID',
        marketId: '品种 ID',
        productId: '产品 ID',
        productName: '产品',
        currency: '币种',
        payoutRate: '赔付率',
        payoutIfWon: '盈利时赔付',
        expiresAt: '到期时间',
        remainingSeconds: '剩余秒数',
        settlePriceSource: '结算价来源',
        settlePriceAt: '结算价时间',
        payout: '赔付',
        settledAt: '结算时间',
      },
    },
    'spot-orders': {
      fields: {
        marketMaker: '做市商',
        quoteAmount: '花费金额',
        turnover: '成交额',
        held: '冻结金额',
        heldLeft: '剩余冻结',
        cancelReason: '撤单原因',
        cancelRequestedAt: '申请撤单时间',
        updatedAt: '更新时间',
        closedAt: '结束时间',
      },
    },
    'spot-trades': {
      fields: {
        seq: '序号',
        buyerFee: '买方手续费',
        sellerFee: '卖方手续费',
      },
    },
  },
  swx: {
    visual: {
      oneApproval: '一次审批',
      queues: {
        maintenance: '维护',
        'plan-settlement': '计划收益结算',
        loans: '贷款',
        reviews: '审核提醒',
        trading: '订单与期权',
        nfts: 'NFT 拍卖',
        invite: '邀请奖励',
        notifications: '用户通知',
      },
      browserZone: '按浏览器所在时区（%{zone}）',
      auditTargets: {
        recharge: '充值',
        withdrawal: '提现',
        kyc: '实名认证',
        adjustment: '账务调整',
        admin_user: '管理员账户',
        announcement: '公告',
        coinNetwork: '币种网络',
        content_item: '内容',
        instrument: '交易品种',
        level: 'VIP 等级',
        loan: '借贷',
        loan_product: '借贷产品',
        options_product: '期权产品',
        outbox: '发件箱',
        planProduct: '理财产品',
        support_conversation: '客服会话',
        system_parameter: '系统参数',
        user: '用户',
        nft: 'NFT',
        charity: '慈善机构',
      },
      auditActions: {
        recharge: {
          approved: '充值已通过',
          rejected: '充值已驳回',
          approved_once: '充值已初审通过（需第二次审批）',
        },
        withdrawal: {
          approved: '提现已通过',
          rejected: '提现已驳回',
          approved_once: '提现已初审通过（需第二次审批）',
          completed: '提现已付款',
        },
        kyc: {
          verified: '实名认证已通过',
          failed: '实名认证已驳回',
        },
        adjustment: {
          created: '已申请账务调整',
          approved: '账务调整已批准',
          rejected: '账务调整已驳回',
        },
        admin: {
          login: '已登录',
          login_failed: '登录失败',
          login_2fa_failed: '登录验证码错误',
          '2fa_enabled': '已开启双重验证',
          '2fa_reset': '双重验证已重置',
          admin_created: '已创建管理员账户',
          admin_updated: '管理员账户已修改',
          admin_enabled: '管理员账户已启用',
          admin_disabled: '管理员账户已停用',
          admin_password_reset: '管理员密码已重置',
          password_changed: '已修改本人密码',
          password_change_failed: '修改密码失败',
        },
        announcement: {
          created: '已创建公告',
          updated: '公告已修改',
          deleted: '公告已删除',
        },
        content: {
          created: '已创建内容',
          updated: '内容已修改',
          deleted: '内容已删除',
        },
        level: {
          created: '已创建 VIP 等级',
          updated: 'VIP 等级已修改',
          deleted: 'VIP 等级已删除',
        },
        coinNetwork: {
          update: '币种网络已修改',
        },
        loan: {
          markRepaid: '借贷已标记为还清',
        },
        loan_product: {
          created: '已创建借贷产品',
          updated: '借贷产品已修改',
        },
        options_product: {
          created: '已创建期权产品',
          updated: '期权产品已修改',
        },
        planProduct: {
          create: '已创建理财产品',
          update: '理财产品已修改',
        },
        instrument: {
          create: '已创建交易品种',
          update: '交易品种已修改',
        },
        outbox: {
          read: '已查看发件箱',
        },
        parameter: {
          updated: '参数已修改',
        },
        support: {
          replied: '已回复客服消息',
          closed: '客服会话已关闭',
        },
        user: {
          frozen: '用户已冻结',
          unfrozen: '用户已解冻',
          demo_enabled: '模拟账户已启用',
          demo_disabled: '模拟账户已停用',
        },
        nft: {
          created: 'NFT 已上架',
          updated: 'NFT 已修改',
          withdrawn: 'NFT 已下架',
        },
        charity: {
          created: '已创建慈善机构',
          updated: '慈善机构已修改',
        },
      },
    },
    export: {
      preparing: '正在统计记录…',
      progress: '正在导出：%{done} / %{total} 条…',
      tooMany: '符合筛选条件的记录有 %{total} 条，超过单次导出上限 %{max} 条。请缩小筛选范围后再导出。',
      failed: '导出失败，未保存任何文件：%{message}',
      changing: '读取期间列表一直在变化，请重试',
      done: '已导出记录：%{count} 条',
    },
    list: {
      failed: '列表加载失败',
      stale: '下方显示的是上次成功加载的数据。',
      retry: '重试',
    },
    validation: {
      percentUnder100: '小于 100 的百分比，最多 6 位小数，例如 0.5',
      confirmationsCount: '1 到 100,000 之间的整数确认数',
    },
    values: {
      direction: {
        up: '看涨',
        down: '看跌',
        buy: '买入',
        sell: '卖出',
      },
      closeReason: {
        manual: '客户平仓',
        stop_loss: '止损',
        take_profit: '止盈',
        liquidation: '强制平仓',
        cancelled: '开仓前撤销',
      },
      cancelReason: {
        user: '客户撤单',
        self_trade: '将与自己的挂单成交',
        no_liquidity: '无流动性',
        requote: '价格已变动（重新报价）',
        rejected: '被拒绝',
      },
      priceSource: {
        tick: '实时报价',
        quote: '下单时报价',
        kline: 'K 线',
      },
      instrumentType: {
        '1': '外汇',
        '2': '加密货币',
        '4': '期货',
        '5': 'ETF',
        '6': '股票',
        '7': '贵金属',
      },
      hours: {
        alwaysOpen: '全天开放',
        sessions: '每周时段：%{count}',
      },
      contentSection: {
        footer: '页脚',
        help: '帮助中心',
      },
      contentType: {
        '1': '公司',
        '2': '政策',
        '3': '其他',
      },
      bidStatus: {
        active: '领先',
        outbid: '被超越',
        released: '已释放',
        won: '中标',
      },
    },
    loans: {
      markRepaidSummary:
        '记录 %{user} 已在平台外还款 %{total} %{currency}：本金 %{principal}，至今应计利息 %{interest}。贷款将结清。',
    },
  },
};

export type OperationsMessages = typeof OPERATIONS_EN;
