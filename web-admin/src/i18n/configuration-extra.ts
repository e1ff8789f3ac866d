/**
 * Configuration screens added for issue 13 items 3 and 4: the invite reward rule with the rewards
 * paid, and which price source feeds which instrument. Merged into each language's messages by
 * consoleMessages (language.ts); each language file in locales/ holds its own version.
 */
export const CONFIGURATION_EXTRA_EN = {
  swx: {
    status: { suspended: 'Suspended' },
    users: { tabs: { optionsOrders: 'Options orders', spotOrders: 'Coin orders' } },
    invite: {
      ruleTitle: 'Invite reward rule',
      ruleHelp:
        'An inviter receives this share of every trading fee (U orders and spot trades, real book) paid by the friends who registered with their code. 0 turns the programme off. The change is audited and customers see it at once.',
      rate: 'Share of each fee (0 to 1)',
      ratePercent: '%{percent} of each fee',
      rateInvalid: 'A share between 0 and 1, at most 8 decimals',
      ruleSaved: 'Invite reward rule saved',
    },
    priceSources: {
      help: 'Which price source feeds each instrument. The assignment is the deployment setting MARKET_SOURCES (entries <source>:<* | type:n | codes> separated by ";", the first match wins); it is read again after every catalogue change and is changed by the deployment, not here. Suspended instruments are not fed.',
      source: {
        simulator: 'Simulator',
        exchange: 'Exchange ticker',
        none: 'Not fed',
      },
    },
  },
  resources: {
    inviteRewards: {
      name: 'Invite reward |||| Invite rewards',
      fields: {
        id: 'ID',
        inviterId: 'Inviter',
        inviteeId: 'Invited friend',
        reason: 'Fee of',
        fee: 'Fee',
        rate: 'Share',
        amount: 'Reward',
        currency: 'Currency',
        journalId: 'Ledger journal',
        createdAt: 'Paid',
      },
    },
    'spot-pairs': {
      name: 'Coin pair |||| Coin pairs',
      fields: {
        symbol: 'Pair',
        base: 'Base coin',
        quote: 'Quote coin',
        tickSize: 'Price step',
        lotSize: 'Quantity step',
        active: 'Active',
        createdAt: 'Created',
      },
    },
    priceSources: {
      name: 'Price source |||| Price sources',
      fields: {
        id: 'ID',
        code: 'Instrument',
        appName: 'Name',
        type: 'Type',
        status: 'Status',
        source: 'Source',
        rule: 'Matching entry',
        lastPrice: 'Last price',
        q: 'Search',
      },
    },
  },
};

export const CONFIGURATION_EXTRA_ZH: ConfigurationExtraMessages = {
  swx: {
    status: { suspended: '已暂停' },
    users: { tabs: { optionsOrders: '期权订单', spotOrders: '币币订单' } },
    invite: {
      ruleTitle: '邀请奖励规则',
      ruleHelp:
        '被邀请好友（使用邀请人的邀请码注册）在真实账户中支付的每笔交易手续费（U 本位订单和现货成交），邀请人获得其中的这一比例。设为 0 即关闭该计划。修改会记入审计日志，客户立即可见。',
      rate: '每笔手续费的分成比例（0 到 1）',
      ratePercent: '每笔手续费的 %{percent}',
      rateInvalid: '0 到 1 之间的比例，最多 8 位小数',
      ruleSaved: '邀请奖励规则已保存',
    },
    priceSources: {
      help: '每个交易品种由哪个价格源供价。分配来自部署配置 MARKET_SOURCES（条目格式为 <源>:<* | type:n | 代码>，以“;”分隔，首个匹配生效）；每次品种目录变更后重新读取，由部署修改，不在此处修改。已暂停的品种不供价。',
      source: {
        simulator: '模拟器',
        exchange: '交易所行情',
        none: '无价格源',
      },
    },
  },
  resources: {
    inviteRewards: {
      name: '邀请奖励',
      fields: {
        id: 'ID',
        inviterId: '邀请人',
        inviteeId: '被邀请好友',
        reason: '手续费来源',
        fee: '手续费',
        rate: '分成比例',
        amount: '奖励',
        currency: '币种',
        journalId: '账本凭证',
        createdAt: '发放时间',
      },
    },
    'spot-pairs': {
      name: '币币交易对',
      fields: {
        symbol: '交易对',
        base: '基础币',
        quote: '计价币',
        tickSize: '价格步长',
        lotSize: '数量步长',
        active: '启用',
        createdAt: '创建时间',
      },
    },
    priceSources: {
      name: '价格源',
      fields: {
        id: 'ID',
        code: '品种',
        appName: '名称',
        type: '类型',
        status: '状态',
        source: '价格源',
        rule: '匹配条目',
        lastPrice: '最新价',
        q: '搜索',
      },
    },
  },
};

export type ConfigurationExtraMessages = typeof CONFIGURATION_EXTRA_EN;
